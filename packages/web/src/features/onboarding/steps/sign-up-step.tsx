import type { LoginConfig, WhoCanSignUp } from '@parley/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLoginConfig, updateLoginConfig } from '../../../lib/api';
import { Button, MailIcon, RadioCard, Spinner, UsersIcon } from '../../../ui';
import { StepFrame } from './step-frame';

export function SignUpStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation(['welcome', 'common']);
  const [config, setConfig] = useState<LoginConfig | null>(null);
  const [choice, setChoice] = useState<WhoCanSignUp>('EveryOne');
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let active = true;
    getLoginConfig()
      .then((value) => {
        if (!active) return;
        setConfig(value);
        setChoice(value.who_can_sign_up);
      })
      .catch(() => active && setLoadFailed(true));
    return () => {
      active = false;
    };
  }, []);

  const submit = async () => {
    if (!config) return;
    setSaving(true);
    try {
      // The endpoint takes the whole object, so send back everything read with only the rule changed.
      await updateLoginConfig({ ...config, who_can_sign_up: choice });
      onNext();
    } catch {
      setSaving(false);
    }
  };

  return (
    <StepFrame
      testId="onboarding-step-signup"
      icon={<UsersIcon size={28} />}
      title={t('onboarding.signup.title')}
      description={t('onboarding.signup.description')}
      onSubmit={() => void submit()}
      actions={
        <Button type="submit" loading={saving} disabled={!config} data-testid="onboarding-signup-next">
          {t('common:actions.next')}
        </Button>
      }
    >
      {config ? (
        <fieldset className="step__fieldset" disabled={saving}>
          <legend className="visually-hidden">{t('onboarding.signup.title')}</legend>
          <RadioCard
            name="who-can-sign-up"
            value="EveryOne"
            checked={choice === 'EveryOne'}
            onChange={() => setChoice('EveryOne')}
            icon={<UsersIcon />}
            label={t('onboarding.signup.everyone')}
            description={t('onboarding.signup.everyone_hint')}
            data-testid="onboarding-signup-everyone"
          />
          <RadioCard
            name="who-can-sign-up"
            value="InvitationOnly"
            checked={choice === 'InvitationOnly'}
            onChange={() => setChoice('InvitationOnly')}
            icon={<MailIcon />}
            label={t('onboarding.signup.invitation')}
            description={t('onboarding.signup.invitation_hint')}
            data-testid="onboarding-signup-invitation"
          />
        </fieldset>
      ) : loadFailed ? (
        <p className="step__error" role="alert">
          {t('onboarding.signup.load_failed')}
        </p>
      ) : (
        <Spinner label={t('common:status.loading')} />
      )}
    </StepFrame>
  );
}
