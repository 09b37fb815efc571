/**
 * The crop step's geometry (issue 11): a square viewport of `view` pixels over an image of
 * `width` × `height`; `scale` is viewport pixels per image pixel, (x, y) the image's top-left corner
 * in the viewport. The image always covers the viewport, and the square cut from it is never
 * smaller than the avatar minimum (SPEC §5: 128 × 128).
 */
export const MIN_SIDE = 128;
/** Stored avatars and logos are at most this big (the recommended size). */
export const OUTPUT_SIDE = 512;

export interface Crop {
  scale: number;
  x: number;
  y: number;
}

export interface Frame {
  view: number;
  width: number;
  height: number;
}

export const minScale = ({ view, width, height }: Frame) => view / Math.min(width, height);
export const maxScale = (frame: Frame) => Math.max(minScale(frame), frame.view / MIN_SIDE);

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Keeps the image over the whole viewport. */
export function clampCrop(frame: Frame, crop: Crop): Crop {
  const scale = clamp(crop.scale, minScale(frame), maxScale(frame));
  return {
    scale,
    x: clamp(crop.x, frame.view - frame.width * scale, 0),
    y: clamp(crop.y, frame.view - frame.height * scale, 0),
  };
}

/** The whole short side, centred. */
export const initialCrop = (frame: Frame): Crop => {
  const scale = minScale(frame);
  return { scale, x: (frame.view - frame.width * scale) / 2, y: (frame.view - frame.height * scale) / 2 };
};

/** Zooms to `scale` keeping the viewport's centre on the same image point. */
export function zoomTo(frame: Frame, crop: Crop, scale: number): Crop {
  const half = frame.view / 2;
  const next = clamp(scale, minScale(frame), maxScale(frame));
  const cx = (half - crop.x) / crop.scale;
  const cy = (half - crop.y) / crop.scale;
  return clampCrop(frame, { scale: next, x: half - cx * next, y: half - cy * next });
}

/** The square cut from the image, in image pixels, and the side of the stored result. */
export function sourceSquare(frame: Frame, crop: Crop) {
  const side = frame.view / crop.scale;
  return {
    sx: (0 - crop.x) / crop.scale,
    sy: (0 - crop.y) / crop.scale,
    side,
    out: Math.round(Math.min(OUTPUT_SIDE, side)),
  };
}

/** Types that may be animated: sent whole with the square, so the server crops every frame. */
export const ANIMATABLE = new Set(['image/gif', 'image/webp']);

/** The square in whole image pixels as the upload routes' `crop=x,y,side` (inside the image). */
export function cropParam(frame: Frame, crop: Crop): string {
  const { sx, sy, side } = sourceSquare(frame, crop);
  const x = Math.max(0, Math.round(sx));
  const y = Math.max(0, Math.round(sy));
  const s = Math.max(1, Math.min(Math.round(side), frame.width - x, frame.height - y));
  return `${x},${y},${s}`;
}
