import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../lib/api';
import { Button, Modal, Svg, type IconProps } from '../../ui';
import { copyImage, copyLink, type CopyResult } from './clipboard';
import { displaySize, formatSize } from './format-size';
import VoicePlayer from './voice-player';
import './files.css';

const FileIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
  </Svg>
);

const DownloadIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 4v11" />
    <path d="m7 10 5 5 5-5" />
    <path d="M5 20h14" />
  </Svg>
);

interface FileProps {
  path: string;
  properties: Record<string, unknown> | null;
  /** A `vocechat/audio` message: the voice player, whatever type the recording has. */
  voice?: boolean;
}

const fileUrl = (path: string, extra = '') =>
  `${API_BASE}/resource/file?file_path=${encodeURIComponent(path)}${extra}`;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** A file or voice message: images inline (click opens the viewer), audio and video with players, others as cards. */
export default function FileMessage({ path, properties, voice = false }: FileProps) {
  const { t, i18n } = useTranslation('file');
  const [viewing, setViewing] = useState(false);
  const [expired, setExpired] = useState(false);
  const name = str(properties?.name) ?? t('file');
  const type = str(properties?.content_type) ?? '';
  const size = num(properties?.size);
  if (voice) return <VoicePlayer src={fileUrl(path)} duration={num(properties?.duration)} />;
  if (type.startsWith('audio/')) {
    return <audio className="file-media" controls preload="metadata" src={fileUrl(path)} aria-label={name} />;
  }
  if (type.startsWith('video/')) {
    return <video className="file-media" controls preload="metadata" src={fileUrl(path)} aria-label={name} />;
  }
  if (expired) {
    return (
      <p className="file-expired" data-testid="file-expired">
        {name} · {t('expired')}
      </p>
    );
  }
  if (type.startsWith('image/') && type !== 'image/svg+xml') {
    const shown = displaySize(num(properties?.width), num(properties?.height));
    // GIFs are shown as they are: they have no thumbnail (API.md §7.2).
    const src = type === 'image/gif' ? fileUrl(path) : fileUrl(path, '&thumbnail=true');
    return (
      <>
        <button
          type="button"
          className="file-image"
          onClick={() => setViewing(true)}
          aria-label={t('open_image', { name })}
          data-testid="file-image"
        >
          <img
            src={src}
            alt={name}
            width={shown.width}
            height={shown.height}
            loading="lazy"
            onError={() => setExpired(true)}
          />
        </button>
        {viewing ? (
          <ImageViewer path={path} name={name} type={type} onClose={() => setViewing(false)} />
        ) : null}
      </>
    );
  }
  return (
    <div className="file-card" data-testid="file-card">
      <FileIcon className="file-card__icon" size={28} />
      <div className="file-card__text">
        <span className="file-card__name" dir="auto">
          {name}
        </span>
        {size !== undefined ? (
          <span className="file-card__size">{formatSize(size, i18n.language)}</span>
        ) : null}
      </div>
      <a
        className="icon-btn"
        href={fileUrl(path, '&download=true')}
        download={name}
        aria-label={t('download_name', { name })}
        title={t('download')}
        data-testid="file-download"
      >
        <DownloadIcon />
      </a>
    </div>
  );
}

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3];

const COPY_MESSAGES = { copied: 'copied', unsupported: 'copy_unsupported', failed: 'copy_failed' } as const;

interface ViewerProps {
  path: string;
  name: string;
  type: string;
  onClose: () => void;
}

/** The full image with zoom, copy and download; Escape or the close button closes it. */
function ImageViewer({ path, name, type, onClose }: ViewerProps) {
  const { t } = useTranslation('file');
  const [zoom, setZoom] = useState(2);
  const [copied, setCopied] = useState<CopyResult | null>(null);
  const copy = (action: () => Promise<CopyResult>) => {
    setCopied(null);
    void action().then(setCopied);
  };
  return (
    <Modal
      open
      wide
      title={name}
      onClose={onClose}
      closeLabel={t('close')}
      testId="image-viewer"
      footer={
        <div className="viewer__tools">
          <Button variant="ghost" onClick={() => setZoom(Math.max(0, zoom - 1))} disabled={zoom === 0}>
            {t('zoom_out')}
          </Button>
          <span aria-live="polite">{Math.round(ZOOMS[zoom]! * 100)}%</span>
          <Button
            variant="ghost"
            onClick={() => setZoom(Math.min(ZOOMS.length - 1, zoom + 1))}
            disabled={zoom === ZOOMS.length - 1}
          >
            {t('zoom_in')}
          </Button>
          <Button variant="ghost" onClick={() => copy(() => copyImage(fileUrl(path), type))}>
            {t('copy_image')}
          </Button>
          <Button variant="ghost" onClick={() => copy(() => copyLink(fileUrl(path)))}>
            {t('copy_link')}
          </Button>
          <a className="btn btn--primary" href={fileUrl(path, '&download=true')} download={name}>
            {t('download')}
          </a>
          <span className="viewer__status" role="status" data-testid="viewer-copy-status">
            {copied ? t(COPY_MESSAGES[copied]) : ''}
          </span>
        </div>
      }
    >
      <div className="viewer__stage">
        <img
          src={fileUrl(path)}
          alt={name}
          style={{ width: `${ZOOMS[zoom]! * 100}%` }}
          data-testid="viewer-image"
        />
      </div>
    </Modal>
  );
}
