import { useTranslation } from 'react-i18next';
import { Button, MailIcon } from '../../../ui';
import { InvitePanel } from '../invite-panel';
import { StepFrame } from './step-frame';

export function InviteStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation(['welcome', 'common']);
  return (
    <StepFrame
      testId="onboarding-step-invite"
      icon={<MailIcon size={28} />}
      title={t('onboarding.invite.title')}
      description={t('onboarding.invite.description')}
      onSubmit={onNext}
      actions={
        <Button type="submit" data-testid="onboarding-invite-next">
          {t('common:actions.next')}
        </Button>
      }
    >
      <InvitePanel />
    </StepFrame>
  );
}
