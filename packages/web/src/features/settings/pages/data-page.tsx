import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearAllFiles, clearAllMessages, updateSystemCommon } from '../../../lib/api';
import { useAppSelector } from '../../../lib/store';
import { toast } from '../../../lib/toast';
import { Button, Spinner } from '../../../ui';
import { saveWithToast } from '../settings-save';
import { ConfirmModal } from './confirm-modal';
import { FileExpirySelect } from './file-expiry-select';
import { RetentionSetting } from '../../governance';

/** Settings › Data management: clearing messages and files, and deleting files automatically. */
export function DataPage() {
  const { t } = useTranslation('admin');
  const common = useAppSelector((state) => state.server.common);
  const [confirm, setConfirm] = useState<'messages' | 'files' | null>(null);
  if (!common) return <Spinner />;
  return (
    <section className="admin-page" data-testid="data-page" aria-labelledby="data-title">
      <h2 id="data-title">{t('data.title')}</h2>
      <div className="admin-card">
        <FileExpirySelect
          value={common.max_file_expiry_mode}
          onChange={(mode) =>
            void saveWithToast(() => updateSystemCommon({ max_file_expiry_mode: mode }), {
              saved: t('saved'),
              toastId: 'admin-saved',
            })
          }
        />
        <p className="admin-page__text">{t('data.expiry_text')}</p>
      </div>
      <RetentionSetting />
      <div className="admin-card admin-card--danger">
        <h3>{t('data.clear_messages')}</h3>
        <p className="admin-page__text">{t('data.clear_messages_text')}</p>
        <div className="admin-row">
          <Button variant="danger" onClick={() => setConfirm('messages')} data-testid="data-clear-messages">
            {t('data.clear_messages')}
          </Button>
        </div>
      </div>
      <div className="admin-card admin-card--danger">
        <h3>{t('data.clear_files')}</h3>
        <p className="admin-page__text">{t('data.clear_files_text')}</p>
        <div className="admin-row">
          <Button variant="danger" onClick={() => setConfirm('files')} data-testid="data-clear-files">
            {t('data.clear_files')}
          </Button>
        </div>
      </div>
      {confirm === 'messages' ? (
        <ConfirmModal
          title={t('data.clear_messages')}
          text={t('data.clear_messages_confirm')}
          confirmLabel={t('data.clear_messages')}
          testId="confirm-clear-messages"
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            await clearAllMessages();
            toast.success(t('data.messages_cleared'));
          }}
        />
      ) : null}
      {confirm === 'files' ? (
        <ConfirmModal
          title={t('data.clear_files')}
          text={t('data.clear_files_confirm')}
          confirmLabel={t('data.clear_files')}
          testId="confirm-clear-files"
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            await clearAllFiles();
            toast.success(t('data.files_cleared'));
          }}
        />
      ) : null}
    </section>
  );
}
