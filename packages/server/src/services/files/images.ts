/**
 * What an uploaded image becomes: its size after EXIF orientation, a copy with orientation applied
 * and metadata (location) stripped, and a ≤ 480×480 thumbnail (PNG with alpha, else JPEG).
 * Decompression bombs are refused by their header before any pixel is decoded.
 */
import type { ImageProperties } from '@parley/protocol';
import type { Metadata } from 'sharp';
import { AppError, badRequest } from '../../errors.js';
import { loadSharp } from '../../sharp.js';
import { MEASURED_ONLY, REENCODED } from './content-types.js';

export interface ProcessedImage {
  properties: ImageProperties;
  /** The bytes to serve instead of the upload; undefined keeps the upload (GIF). */
  cleaned: Buffer | undefined;
  thumbnail: { data: Buffer; ext: 'png' | 'jpg' } | undefined;
}

export const THUMBNAIL_SIZE = 480;

export function isProcessedImage(contentType: string): boolean {
  return REENCODED.has(contentType) || MEASURED_ONLY.has(contentType);
}

export async function processImage(
  input: Buffer,
  contentType: string,
  maxPixels: number,
): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest('image could not be decoded');
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width * height > maxPixels) throw new AppError('payload_too_large', 'image has too many pixels');
  // Orientations 5–8 turn the picture a quarter: width and height swap.
  const turned = (meta.orientation ?? 1) >= 5;
  const properties = turned ? { width: height, height: width } : { width, height };
  if (!REENCODED.has(contentType)) return { properties, cleaned: undefined, thumbnail: undefined };
  try {
    const base = () => sharp(input, { limitInputPixels: maxPixels }).rotate();
    const format = contentType === 'image/png' ? 'png' : contentType === 'image/webp' ? 'webp' : 'jpeg';
    const cleaned = await base()
      .toFormat(format, format === 'jpeg' ? { quality: 90 } : {})
      .toBuffer();
    const resized = base().resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, {
      fit: 'inside',
      withoutEnlargement: true,
    });
    const thumbnail = meta.hasAlpha
      ? { data: await resized.png().toBuffer(), ext: 'png' as const }
      : { data: await resized.jpeg({ quality: 80 }).toBuffer(), ext: 'jpg' as const };
    return { properties, cleaned, thumbnail };
  } catch {
    throw badRequest('image could not be decoded');
  }
}
