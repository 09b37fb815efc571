/** Real images for upload tests, made and inspected with sharp. */
import sharp from 'sharp';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const RED: Rgb = { r: 255, g: 0, b: 0 };
export const GREEN: Rgb = { r: 0, g: 255, b: 0 };
export const BLUE: Rgb = { r: 0, g: 0, b: 255 };

/** A solid-colour PNG. */
export function solidPng(color: Rgb, width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A PNG of noise, which does not compress: used to exceed upload limits with a decodable image. */
export function noisePng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Format, size and mean colour of an image, as served. */
export async function inspectImage(
  bytes: Buffer,
): Promise<{ format: string | undefined; width: number; height: number; mean: Rgb }> {
  const meta = await sharp(bytes).metadata();
  const { channels } = await sharp(bytes).stats();
  const mean = (i: number) => Math.round(channels[i]?.mean ?? -1);
  return {
    format: meta.format,
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    mean: { r: mean(0), g: mean(1), b: mean(2) },
  };
}
