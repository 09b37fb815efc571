import { lazy, Suspense, type ClipboardEvent, type ComponentType, type DragEvent } from 'react';
import type { ConvKey } from '../../lib/store';

/** The file parts load on first use (none is on the first chat screen's critical path). */
function deferred<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Lazy = lazy(load);
  return (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}

export { formatSize } from './format-size';
export const FileMessage = deferred(() => import('./file-message'));
export const UploadTray = deferred(() => import('./upload-tray'));
export const AttachButton = deferred(() => import('./attach'));

/** Drop files on the composer or paste them into it (several at once). */
export function fileDropHandlers(conv: ConvKey, enabled: boolean) {
  const take = (event: DragEvent | ClipboardEvent, list: DataTransfer | null) => {
    const files = Array.from(list?.files ?? []);
    if (!enabled || files.length === 0) return;
    event.preventDefault();
    void import('./uploads').then((m) => m.startUploads(conv, files));
  };
  return {
    onDragOver: (event: DragEvent) => event.preventDefault(),
    onDrop: (event: DragEvent) => take(event, event.dataTransfer),
    onPaste: (event: ClipboardEvent) => take(event, event.clipboardData),
  };
}
