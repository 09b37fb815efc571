import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConvKey } from '../../lib/store';
import { CloseIcon, IconButton } from '../../ui';
import { formatSize } from './format-size';
import { getUploads, subscribeUploads } from './upload-store';
import { cancelUpload, dismissUpload, retryUpload } from './uploads';
import './files.css';

/** Uploads of this conversation: name, size, a progress bar, cancel, and retry after a failure. */
export default function UploadTray({ conv }: { conv: ConvKey }) {
  const { t, i18n } = useTranslation('file');
  const mine = useSyncExternalStore(subscribeUploads, getUploads).filter((u) => u.conv === conv);
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
