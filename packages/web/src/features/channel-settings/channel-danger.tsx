import type { Group } from '@parley/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../lib/api';
import { Button, Modal } from '../../ui';
import type { ChannelRights } from '../channels';
import { useSave } from '../settings';

/** Leave (not the owner: SPEC §5, hand it over first) or delete (owner or admin), each confirmed. */
export function ChannelDanger({
  group,
  rights,
  isOwner,
}: {
  group: Group;
  rights: ChannelRights;
  isOwner: boolean;
}) {
  const { t } = useTranslation(['channels', 'common']);
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<'leave' | 'delete' | null>(null);
  const { busy, run } = useSave();
  const gid = group.gid;
  if (!rights.leave && !rights.manage && !isOwner) return null;
  const act = () =>
    void run(() =>
      confirm === 'delete'
        ? call('deleteGroup', { params: { gid } })
        : call('leaveGroup', { params: { gid } }),
    ).then((ok) => {
      if (!ok) return;
      setConfirm(null);
      void navigate('/chat', { replace: true });
    });
  return (
    <section className="channel-card channel-card--danger" aria-labelledby="channel-danger-heading">
      <h2 id="channel-danger-heading">{t('channels:danger.heading')}</h2>
      {isOwner && !group.is_public ? (
        <p className="channel-muted">{t('channels:danger.owner_note')}</p>
      ) : null}
      <div className="channel-form__actions">
        {rights.leave ? (
          <Button variant="danger" onClick={() => setConfirm('leave')} data-testid="channel-leave">
            {t('channels:danger.leave')}
          </Button>
        ) : null}
        {rights.manage ? (
          <Button variant="danger" onClick={() => setConfirm('delete')} data-testid="channel-delete">
            {t('channels:danger.delete')}
          </Button>
        ) : null}
      </div>
      <Modal
        open={confirm !== null}
        title={confirm === 'delete' ? t('channels:danger.delete_title') : t('channels:danger.leave_title')}
        description={
          confirm === 'delete'
            ? t('channels:danger.delete_confirm', { channel: group.name })
            : t('channels:danger.leave_confirm', { channel: group.name })
        }
        onClose={() => setConfirm(null)}
        closeLabel={t('common:actions.close')}
        busy={busy}
        testId="channel-danger-confirm"
        footer={
          <>
            <Button variant="cancel" disabled={busy} onClick={() => setConfirm(null)}>
              {t('common:actions.cancel')}
            </Button>
            <Button variant="danger" loading={busy} onClick={act} data-testid="channel-danger-ok">
              {confirm === 'delete' ? t('channels:danger.delete') : t('channels:danger.leave')}
            </Button>
          </>
        }
      >
        {null}
      </Modal>
    </section>
  );
}
