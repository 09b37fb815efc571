import { LIMITS } from '@parley/protocol';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '../../ui';
import {
  ANIMATABLE,
  clampCrop,
  cropParam,
  initialCrop,
  maxScale,
  MIN_SIDE,
  minScale,
  sourceSquare,
  zoomTo,
  type Crop,
  type Frame,
} from './crop-math';
import './crop.css';

/** SPEC §5: avatars and logos are at most 5 MB. */
const MAX_BYTES = LIMITS.imageMaxBytes;
const VIEW = 280;
const STEP = 10;
const ZOOM_STEP = 1.15;

interface Props {
  file: File;
  onCancel: () => void;
  /** The square PNG; or, for a GIF or WebP, the file itself with the square as `crop` (x,y,side). */
  onCropped: (image: File, crop?: string) => void;
}

type Loaded = { image: HTMLImageElement; frame: Frame } | { error: string } | null;

/**
 * The crop step before an avatar or logo upload (issue 11): a square over the image, moved by
 * dragging or the arrow keys and zoomed with the slider or + and −; the square is drawn on a canvas
 * (at most 512 px) and handed back as a PNG, or for a GIF or WebP handed back as `crop` with the file.
 */
export default function CropDialog({ file, onCancel, onCropped }: Props) {
  const { t } = useTranslation('media');
  const hintId = useId();
  const [loaded, setLoaded] = useState<Loaded>(() =>
    file.size > MAX_BYTES ? { error: t('crop.too_large') } : null,
  );
  const [crop, setCrop] = useState<Crop>({ scale: 1, x: 0, y: 0 });
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ id: number; x: number; y: number; crop: Crop } | null>(null);
  const [url] = useState(() => URL.createObjectURL(file));
  useEffect(() => () => URL.revokeObjectURL(url), [url]);

  useEffect(() => {
    if (loaded) return;
    const image = new Image();
    image.onload = () => {
      const frame = { view: VIEW, width: image.naturalWidth, height: image.naturalHeight };
      if (frame.width < MIN_SIDE || frame.height < MIN_SIDE) {
        return setLoaded({ error: t('crop.too_small', { min: MIN_SIDE }) });
      }
      setCrop(initialCrop(frame));
      setLoaded({ image, frame });
    };
    image.onerror = () => setLoaded({ error: t('crop.unreadable') });
    image.src = url;
  }, [loaded, url, t]);

  const ready = loaded && 'frame' in loaded ? loaded : null;
  const frame = ready?.frame;
  const move = (dx: number, dy: number) =>
    frame && setCrop((c) => clampCrop(frame, { ...c, x: c.x + dx, y: c.y + dy }));
  const zoom = (scale: number) => frame && setCrop((c) => zoomTo(frame, c, scale));

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? STEP * 4 : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const by = moves[event.key];
    if (by) move(...by);
    else if (event.key === '+' || event.key === '=') zoom(crop.scale * ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') zoom(crop.scale / ZOOM_STEP);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, crop };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.id !== event.pointerId || !frame) return;
    setCrop(
      clampCrop(frame, {
        ...start.crop,
        x: start.crop.x + event.clientX - start.x,
        y: start.crop.y + event.clientY - start.y,
      }),
    );
  };
  const endDrag = () => {
    drag.current = null;
  };

  const apply = () => {
    if (!ready) return;
    // A canvas keeps one frame: an animated image goes whole, and the server crops every frame.
    if (ANIMATABLE.has(file.type)) return onCropped(file, cropParam(ready.frame, crop));
    const { sx, sy, side, out } = sourceSquare(ready.frame, crop);
    const canvas = document.createElement('canvas');
    canvas.width = out;
    canvas.height = out;
    const context = canvas.getContext('2d');
    if (!context) return;
    context.imageSmoothingQuality = 'high';
    context.drawImage(ready.image, sx, sy, side, side, 0, 0, out, out);
    setBusy(true);
    canvas.toBlob((blob) => {
      setBusy(false);
      if (blob) onCropped(new File([blob], 'image.png', { type: 'image/png' }));
    }, 'image/png');
  };

  const low = frame ? minScale(frame) : 1;
  const high = frame ? maxScale(frame) : 1;
  return (
    <Modal
      open
      title={t('crop.title')}
      description={ready ? t('crop.hint') : undefined}
      onClose={onCancel}
      closeLabel={t('crop.cancel')}
      busy={busy}
      testId="crop-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('crop.cancel')}
          </Button>
          <Button onClick={apply} disabled={!ready} loading={busy} data-testid="crop-apply">
            {t('crop.apply')}
          </Button>
        </>
      }
    >
      {loaded && 'error' in loaded ? (
        <p className="crop__error" role="alert" data-testid="crop-error">
          {loaded.error}
        </p>
      ) : (
        <div className="crop">
          <div
            className="crop__view"
            style={{ width: VIEW, height: VIEW }}
            tabIndex={0}
            role="group"
            aria-label={t('crop.area')}
            aria-describedby={hintId}
            onKeyDown={onKeyDown}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            data-testid="crop-area"
          >
            {ready ? (
              <img
                src={url}
                alt=""
                draggable={false}
                className="crop__image"
                style={{
                  width: ready.frame.width * crop.scale,
                  height: ready.frame.height * crop.scale,
                  transform: `translate(${crop.x}px, ${crop.y}px)`,
                }}
              />
            ) : null}
          </div>
          <p id={hintId} className="visually-hidden">
            {t('crop.hint')}
          </p>
          <label className="crop__zoom">
            <span>{t('crop.zoom')}</span>
            <input
              type="range"
              min={0}
              max={1}
              step={0.01}
              disabled={!ready || high <= low}
              value={high > low ? Math.log(crop.scale / low) / Math.log(high / low) : 0}
              onChange={(event) => zoom(low * (high / low) ** Number(event.target.value))}
              data-testid="crop-zoom"
            />
          </label>
        </div>
      )}
    </Modal>
  );
}
