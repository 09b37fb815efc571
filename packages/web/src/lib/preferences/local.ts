import type { OwnMessagesSide } from '@parley/protocol';

/**
 * The preferences this browser keeps besides the theme (lib/theme) and the language (lib/i18n):
 * the side of the user's own messages and the message sound. The side is put on the page by the
 * inline script of `index.html` before the first paint (keep the key in step with it), so the
 * layout is right before the server's copy arrives (docs/preferences.md).
 */
const SIDE_KEY = 'parley.own-messages';
const SOUND_KEY = 'parley.message-sound';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked (private mode, sandboxed frame)
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* the choice lasts for this page only */
  }
}

/** The side this user chose, or null: then the server's `chat_layout_mode` decides. */
export const storedSide = (): OwnMessagesSide | null => {
  const side = read(SIDE_KEY);
  return side === 'left' || side === 'right' ? side : null;
};
export const readMessageSound = (): boolean => read(SOUND_KEY) === '1';

/** Puts the chosen side on `<html data-own-messages>`, which the message list's CSS follows. */
export function applyOwnMessagesSide(side: OwnMessagesSide | null = storedSide()): void {
  if (side) document.documentElement.dataset.ownMessages = side;
  else delete document.documentElement.dataset.ownMessages;
}

export function storeOwnMessagesSide(side: OwnMessagesSide): void {
  write(SIDE_KEY, side);
  applyOwnMessagesSide(side);
}

export function storeMessageSound(on: boolean): void {
  write(SOUND_KEY, on ? '1' : '0');
}

const FILES_VIEW_KEY = 'parley.files-view';
export type FilesView = 'grid' | 'list';

/** The Files screen's layout (SPEC `fileListView`): grid unless this browser chose the list. */
export const readFilesView = (): FilesView => (read(FILES_VIEW_KEY) === 'list' ? 'list' : 'grid');

export function storeFilesView(view: FilesView): void {
  write(FILES_VIEW_KEY, view);
}
