import { useTranslation } from 'react-i18next';
import { Button, SparkIcon } from '../../../ui';
import { StepFrame } from './step-frame';

export function WelcomeStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation('welcome');
  return (
    <StepFrame
      testId="onboarding-step-welcome"
      icon={<SparkIcon size={28} />}
      title={t('onboarding.welcome.title')}
      description={t('onboarding.welcome.description')}
      onSubmit={onNext}
      actions={
        <Button type="submit" data-testid="onboarding-start">
          {t('onboarding.welcome.start')}
        </Button>
      }
    >
      <ul className="step__list">
        <li>{t('onboarding.welcome.point_name')}</li>
        <li>{t('onboarding.welcome.point_admin')}</li>
        <li>{t('onboarding.welcome.point_invite')}</li>
      </ul>
    </StepFrame>
  );
}
