import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui';

/** The panel loads when the dialog first opens, so the first chat screen does not carry onboarding. */
const InvitePanel = lazy(async () => ({ default: (await import('../onboarding')).InvitePanel }));

export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['welcome', 'common']);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('invite.dialog_title')}
      description={t('invite.dialog_description')}
      closeLabel={t('common:actions.close')}
      testId="invite-dialog"
    >
      <Suspense fallback={null}>
        <InvitePanel />
      </Suspense>
    </Modal>
  );
}
