/**
 * Copying from the image viewer (issue 11): JPEG and PNG images go to the clipboard as PNG (the one
 * image type browsers' clipboards take); other types are refused with a message, as in VoceChat.
 */

export type CopyResult = 'copied' | 'unsupported' | 'failed';

export const COPYABLE_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

export const canCopyImage = (contentType: string): boolean =>
  COPYABLE_IMAGE_TYPES.includes(contentType.split(';')[0]!.trim().toLowerCase());

/** A PNG of the image at `url` (JPEG is redrawn on a canvas). */
async function pngOf(url: string): Promise<Blob> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`image answered ${res.status}`);
  const blob = await res.blob();
  if (blob.type === 'image/png') return blob;
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((png) => (png ? resolve(png) : reject(new Error('no PNG'))), 'image/png'),
  );
}

export async function copyImage(url: string, contentType: string): Promise<CopyResult> {
  if (!canCopyImage(contentType)) return 'unsupported';
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) return 'failed';
  try {
    // The item takes a promise, so the write starts within the click (Safari needs that).
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': pngOf(url) })]);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** Copies the file's absolute URL. */
export async function copyLink(url: string): Promise<CopyResult> {
  try {
    await navigator.clipboard.writeText(new URL(url, window.location.href).href);
    return 'copied';
  } catch {
    return 'failed';
  }
}
