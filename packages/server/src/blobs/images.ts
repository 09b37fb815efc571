import sharp from 'sharp';
import { badRequest } from '../errors.js';

/** Decodes any image sharp reads and returns a square PNG (cover crop); 400 when undecodable. */
export async function squarePng(input: Buffer, size: number): Promise<Buffer> {
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

const DEFAULT_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
<rect width="240" height="240" rx="48" fill="#4f46e5"/>
<path d="M64 80a24 24 0 0 1 24-24h64a24 24 0 0 1 24 24v48a24 24 0 0 1-24 24h-40l-32 28v-28h-0a16 16 0 0 1-16-16z" fill="#fff"/>
</svg>`;

let defaultLogo: Promise<Buffer> | undefined;
/** The built-in logo served until an admin uploads one. */
export function defaultLogoPng(): Promise<Buffer> {
  defaultLogo ??= sharp(Buffer.from(DEFAULT_LOGO_SVG)).png().toBuffer();
  return defaultLogo;
}
