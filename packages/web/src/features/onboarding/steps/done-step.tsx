import { useTranslation } from 'react-i18next';
import { Button, CheckIcon } from '../../../ui';
import { StepFrame } from './step-frame';

export function DoneStep({ serverName, onFinish }: { serverName: string; onFinish: () => void }) {
  const { t } = useTranslation('welcome');
  return (
    <StepFrame
      testId="onboarding-step-done"
      icon={<CheckIcon size={28} />}
      title={t('onboarding.done.title')}
      description={t('onboarding.done.description', { name: serverName })}
      onSubmit={onFinish}
      actions={
        <Button type="submit" data-testid="onboarding-done">
          {t('onboarding.done.go_to_chat')}
        </Button>
      }
    />
  );
}
