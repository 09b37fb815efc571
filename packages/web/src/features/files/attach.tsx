import { useRef, useSyncExternalStore, type ClipboardEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConvKey } from '../../lib/store';
import { CloseIcon, IconButton } from '../../ui';
import { PaperclipIcon } from './icons';
import { formatSize } from './format-size';
import {
  cancelUpload,
  dismissUpload,
  getUploads,
  retryUpload,
  startUploads,
  subscribeUploads,
} from './uploads';
import './files.css';

/** The composer's attach button: a hidden multi-file input behind an icon button. */
export function AttachButton({ conv, disabled }: { conv: ConvKey; disabled?: boolean }) {
  const { t } = useTranslation('file');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <IconButton
        label={t('attach')}
        onClick={() => input.current?.click()}
        disabled={disabled}
        data-testid="composer-attach"
      >
        <PaperclipIcon />
      </IconButton>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="composer-file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) startUploads(conv, files);
        }}
      />
    </>
  );
}

/** Drop files on the composer or paste them into it (several at once). */
export function fileDropHandlers(conv: ConvKey, enabled: boolean) {
  const filesOf = (list: DataTransfer | null) => [...(list?.files ?? [])];
  return {
    onDragOver: (event: DragEvent) => {
      if (!enabled || !event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDrop: (event: DragEvent) => {
      const files = filesOf(event.dataTransfer);
      if (!enabled || files.length === 0) return;
      event.preventDefault();
      startUploads(conv, files);
    },
    onPaste: (event: ClipboardEvent) => {
      const files = filesOf(event.clipboardData);
      if (!enabled || files.length === 0) return;
      event.preventDefault();
      startUploads(conv, files);
    },
  };
}

/** Uploads of this conversation: name, size, a progress bar, cancel, and retry after a failure. */
export function UploadTray({ conv }: { conv: ConvKey }) {
  const { t, i18n } = useTranslation('file');
  const all = useSyncExternalStore(subscribeUploads, getUploads);
  const mine = all.filter((u) => u.conv === conv);
  if (mine.length === 0) return null;
  return (
    <ul className="upload-tray" aria-label={t('uploads')} data-testid="upload-tray">
      {mine.map((u) => (
        <li key={u.key} className="upload" data-status={u.status} data-testid="upload">
          <div className="upload__row">
            <span className="upload__name" dir="auto">
              {u.file.name}
            </span>
            <span className="upload__size">{formatSize(u.file.size, i18n.language)}</span>
            {u.status === 'failed' ? (
              <>
                <span className="upload__error" role="alert">
                  {t('upload_failed')}
                </span>
                <button type="button" className="upload__action" onClick={() => retryUpload(u.key)}>
                  {t('retry')}
                </button>
                <IconButton label={t('dismiss')} onClick={() => dismissUpload(u.key)}>
                  <CloseIcon size={16} />
                </IconButton>
              </>
            ) : (
              <IconButton
                label={t('cancel_upload', { name: u.file.name })}
                onClick={() => cancelUpload(u.key)}
                data-testid="upload-cancel"
              >
                <CloseIcon size={16} />
              </IconButton>
            )}
          </div>
          <progress
            className="upload__bar"
            max={1}
            value={u.progress}
            aria-label={t('progress', { name: u.file.name })}
          />
        </li>
      ))}
    </ul>
  );
}
