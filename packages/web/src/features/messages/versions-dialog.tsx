import type { MessageVersion } from '@parley/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getMessageVersions } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { Modal, Spinner } from '../../ui';
import { composeDispatch } from './compose-state';
import { formatFullDateTime } from './format';
import { MentionText } from './mention-text';

const close = () => composeDispatch({ type: 'dialog', dialog: null });

/** Every version of a message (`GET /message/{mid}/versions`), the original first, the current last. */
export default function VersionsDialog({ mid }: { mid: number }) {
  const { t } = useTranslation('actions');
  const [versions, setVersions] = useState<MessageVersion[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    getMessageVersions(mid).then(
      (list) => live && setVersions(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [mid]);

  const locale = currentLanguage();
  return (
    <Modal
      open
      title={t('versions.title')}
      description={t('versions.description')}
      onClose={close}
      closeLabel={t('versions.close')}
      testId="versions-dialog"
    >
      {failed ? (
        <p className="versions__status">{t('versions.failed')}</p>
      ) : versions === null ? (
        <Spinner label={t('versions.loading')} />
      ) : (
        <ol className="versions" data-testid="versions-list">
          {versions.map((version, index) => (
            <li key={version.mid} className="versions__item" data-testid="version">
              <p className="versions__when">
                <time dateTime={new Date(version.created_at).toISOString()}>
                  {formatFullDateTime(version.created_at, locale)}
                </time>
                {index === versions.length - 1 ? (
                  <span className="versions__tag">{t('versions.current')}</span>
                ) : index === 0 ? (
                  <span className="versions__tag versions__tag--muted">{t('versions.original')}</span>
                ) : null}
              </p>
              <p className="versions__text" dir="auto">
                <MentionText text={version.content} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
