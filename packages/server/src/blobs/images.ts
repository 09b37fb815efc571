import type Sharp from 'sharp';
import { badRequest } from '../errors.js';

// sharp (libvips) is loaded on the first upload, not at start: it added 18 MB of RSS to a server
// that may never process an image.
let sharpModule: Promise<{ default: typeof Sharp }> | undefined;
const loadSharp = async () => (await (sharpModule ??= import('sharp'))).default;

/** Decodes any image sharp reads and returns a square PNG (cover crop); 400 when undecodable. */
export async function squarePng(input: Buffer, size: number): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(size, size, { fit: 'cover' })
      .png()
      .toBuffer();
  } catch {
    throw badRequest('image could not be decoded');
  }
}

/** The built-in logo served until an admin uploads one; SVG, so serving it needs no image library. */
export const DEFAULT_LOGO_SVG =
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
<rect width="240" height="240" rx="48" fill="#4f46e5"/>
<path d="M64 80a24 24 0 0 1 24-24h64a24 24 0 0 1 24 24v48a24 24 0 0 1-24 24h-40l-32 28v-28h-0a16 16 0 0 1-16-16z" fill="#fff"/>
</svg>`);
