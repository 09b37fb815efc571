import { LIMITS } from '@parley/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ServerIcon, TextField } from '../../../ui';
import { StepFrame } from './step-frame';

interface ServerNameStepProps {
  initialName: string;
  onBack: () => void;
  onNext: (name: string) => void;
}

export function ServerNameStep({ initialName, onBack, onNext }: ServerNameStepProps) {
  const { t } = useTranslation(['welcome', 'common']);
  const [name, setName] = useState(initialName);
  const [error, setError] = useState(false);
  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(true);
      return;
    }
    onNext(trimmed);
  };
  return (
    <StepFrame
      testId="onboarding-step-server"
      icon={<ServerIcon size={28} />}
      title={t('onboarding.server.title')}
      description={t('onboarding.server.description')}
      onSubmit={submit}
      actions={
        <>
          <Button variant="cancel" onClick={onBack} data-testid="onboarding-back">
            {t('common:actions.back')}
          </Button>
          <Button type="submit" data-testid="onboarding-server-next">
            {t('common:actions.next')}
          </Button>
        </>
      }
    >
      <TextField
        label={t('onboarding.server.name_label')}
        placeholder={t('onboarding.server.name_placeholder')}
        value={name}
        maxLength={LIMITS.organizationNameMaxLength}
        required
        autoComplete="organization"
        onChange={(event) => {
          setName(event.target.value);
          setError(false);
        }}
        error={error ? t('onboarding.server.name_required') : undefined}
        hint={t('onboarding.server.name_hint')}
        data-testid="onboarding-server-name"
      />
    </StepFrame>
  );
}
