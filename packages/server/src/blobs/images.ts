import { badRequest } from '../errors.js';
import { loadSharp } from '../sharp.js';

const PIXEL_LIMIT = 50_000_000;

/**
 * Decodes any image sharp reads and returns it square (cover crop): an animated GIF or WebP (more
 * than one frame) as an animated GIF with its frames and delays, anything else as a PNG; 400 when
 * undecodable. The pixel limit counts every frame.
 */
export async function squareImage(input: Buffer, size: number): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    const pages = (await sharp(input, { limitInputPixels: PIXEL_LIMIT }).metadata()).pages ?? 1;
    const animated = pages > 1;
    const square = sharp(input, { limitInputPixels: PIXEL_LIMIT, animated })
      .rotate()
      .resize(size, size, { fit: 'cover' });
    return await (animated ? square.gif({ loop: 0 }) : square.png()).toBuffer();
  } catch {
    throw badRequest('image could not be decoded');
  }
}

/** The content type of an image `squareImage` made: `image/gif` or `image/png`. */
export const squareImageType = (image: Buffer): 'image/gif' | 'image/png' =>
  image.subarray(0, 4).toString('latin1') === 'GIF8' ? 'image/gif' : 'image/png';

/** The built-in logo served until an admin uploads one; SVG, so serving it needs no image library. */
export const DEFAULT_LOGO_SVG =
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
<rect width="240" height="240" rx="48" fill="#4f46e5"/>
<path d="M64 80a24 24 0 0 1 24-24h64a24 24 0 0 1 24 24v48a24 24 0 0 1-24 24h-40l-32 28v-28h-0a16 16 0 0 1-16-16z" fill="#fff"/>
</svg>`);
