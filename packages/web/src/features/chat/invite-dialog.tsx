import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui';
import { InvitePanel } from '../onboarding';

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
      <InvitePanel />
    </Modal>
  );
}
