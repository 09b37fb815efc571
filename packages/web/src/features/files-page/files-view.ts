import { readLocal, writeLocal } from '../../lib/preferences/local';

/**
 * The Files screen's layout (SPEC `fileListView`), kept per browser in local storage like the other
 * local preferences (docs/preferences.md). Lives here, not in lib/preferences, so it stays in the
 * Files screen's chunk.
 */
const FILES_VIEW_KEY = 'parley.files-view';
export type FilesView = 'grid' | 'list';

/** Grid unless this browser chose the list. */
export const readFilesView = (): FilesView => (readLocal(FILES_VIEW_KEY) === 'list' ? 'list' : 'grid');

export function storeFilesView(view: FilesView): void {
  writeLocal(FILES_VIEW_KEY, view);
}
