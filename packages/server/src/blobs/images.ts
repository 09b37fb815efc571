import type { Metadata } from 'sharp';
import { badRequest } from '../errors.js';
import { loadSharp } from '../sharp.js';

const PIXEL_LIMIT = 50_000_000;

/**
 * Decodes any image sharp reads and returns it square (cover crop): an animated GIF or WebP (more
 * than one frame) as an animated GIF with its frames and delays, anything else as a PNG; 400 when
 * undecodable. The pixel limit counts every frame. `crop` (`x,y,side`, Parley) keeps that square instead
 * of the centre.
 */
export async function squareImage(input: Buffer, size: number, crop?: string): Promise<Buffer> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: PIXEL_LIMIT }).metadata();
  } catch {
    throw badRequest('image could not be decoded');
  }
  const animated = (meta.pages ?? 1) > 1;
  const region = crop === undefined ? undefined : cropRegion(meta, crop);
  try {
    let image = sharp(input, { limitInputPixels: PIXEL_LIMIT, animated }).rotate();
    // Every frame of an animated image is cropped alike.
    if (region) image = image.extract(region);
    const square = image.resize(size, size, { fit: 'cover' });
    return await (animated ? square.gif({ loop: 0 }) : square.png()).toBuffer();
  } catch {
    throw badRequest('image could not be decoded');
  }
}

/** `x,y,side` (ImageCropQuery) checked against the oriented frame; 400 when it leaves the image. */
function cropRegion(meta: Metadata, crop: string) {
  const [left, top, side] = crop.split(',').map(Number) as [number, number, number];
  const turned = (meta.orientation ?? 1) >= 5;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  const width = (turned ? frameHeight : meta.width) ?? 0;
  const height = turned ? (meta.width ?? 0) : frameHeight;
  if (![left, top, side].every(Number.isSafeInteger) || left < 0 || top < 0)
    throw badRequest('crop must be x,y,side');
  if (side < 1 || left + side > width || top + side > height) throw badRequest('crop is outside the image');
  return { left, top, width: side, height: side };
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
