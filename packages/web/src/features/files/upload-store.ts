/** The uploads the tray shows; the upload code itself (uploads.ts) loads on the first upload. */
import type { ConvKey } from '../../lib/store';

export type UploadStatus = 'uploading' | 'failed' | 'canceled' | 'done';

export interface Upload {
  key: number;
  conv: ConvKey;
  file: File;
  /** 0..1 */
  progress: number;
  status: UploadStatus;
  /** The server's id once prepared, so a retry resumes the same upload. */
  fileId?: string;
  /** A voice message goes as `vocechat/audio` with its own properties (its duration); files as `vocechat/file`. */
  voice?: { duration: number };
}

type Listener = () => void;
let uploads: readonly Upload[] = [];
const listeners = new Set<Listener>();

export const subscribeUploads = (listener: Listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const getUploads = () => uploads;

export function setUploads(next: readonly Upload[]): void {
  uploads = next;
  listeners.forEach((l) => l());
}
