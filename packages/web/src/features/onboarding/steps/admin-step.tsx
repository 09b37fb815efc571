import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAdmin, login, updateOrganization } from '../../../lib/api';
import { getDeviceId, startSession } from '../../../lib/session';
import { dispatch, getState } from '../../../lib/store';
import { Button, ShieldIcon, TextField } from '../../../ui';
import { validateAccount, type AccountErrors, type AccountInput } from '../../auth';
import { StepFrame } from './step-frame';

type Phase = 'idle' | 'creating' | 'signing_in' | 'naming';

const PHASE_LABELS = {
  idle: 'welcome:onboarding.admin.submit',
  creating: 'welcome:onboarding.admin.creating',
  signing_in: 'welcome:onboarding.admin.signing_in',
  naming: 'welcome:onboarding.admin.naming',
} as const satisfies Record<Phase, string>;

interface AdminStepProps {
  serverName: string;
  onBack: () => void;
  onDone: () => void;
}

/** Creates the first account, signs in with it, then names the server (the order API.md §13 describes). */
export function AdminStep({ serverName, onBack, onDone }: AdminStepProps) {
  const { t } = useTranslation(['welcome', 'auth', 'common']);
  const [input, setInput] = useState<AccountInput>({ email: '', name: 'Admin', password: '', confirm: '' });
  const [errors, setErrors] = useState<AccountErrors>({});
  const [phase, setPhase] = useState<Phase>('idle');
  const [created, setCreated] = useState(false);

  const update = (field: keyof AccountInput, value: string) => {
    setInput((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    const found = validateAccount(input);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const email = input.email.trim();
    try {
      if (!created) {
        setPhase('creating');
        await createAdmin({ email, name: input.name.trim(), password: input.password });
        setCreated(true);
      }
      if (!getState().auth) {
        setPhase('signing_in');
        startSession(await login({ email, password: input.password, device: getDeviceId() }));
      }
      setPhase('naming');
      await updateOrganization(serverName);
      const { server } = getState();
      dispatch({
        type: 'server/organization',
        name: serverName,
        description: server.description,
        serverId: server.serverId,
      });
      onDone();
    } catch {
      setPhase('idle');
    }
  };

  const busy = phase !== 'idle';
  const fieldError = (field: keyof AccountInput) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  return (
    <StepFrame
      testId="onboarding-step-admin"
      icon={<ShieldIcon size={28} />}
      title={t('onboarding.admin.title')}
      description={t('onboarding.admin.description')}
      onSubmit={() => void submit()}
      actions={
        <>
          <Button variant="cancel" onClick={onBack} disabled={busy || created} data-testid="onboarding-back">
            {t('common:actions.back')}
          </Button>
          <Button type="submit" loading={busy} data-testid="onboarding-admin-submit">
            {t(PHASE_LABELS[phase])}
          </Button>
        </>
      }
    >
      <fieldset className="step__fieldset" disabled={busy}>
        <legend className="visually-hidden">{t('onboarding.admin.title')}</legend>
        <TextField
          label={t('auth:fields.email')}
          type="email"
          autoComplete="email"
          required
          value={input.email}
          onChange={(event) => update('email', event.target.value)}
          error={fieldError('email')}
          disabled={created}
          data-testid="onboarding-admin-email"
        />
        <TextField
          label={t('auth:fields.name')}
          autoComplete="nickname"
          required
          maxLength={32}
          value={input.name}
          onChange={(event) => update('name', event.target.value)}
          error={fieldError('name')}
          disabled={created}
          data-testid="onboarding-admin-name"
        />
        <TextField
          label={t('auth:fields.password')}
          type="password"
          autoComplete="new-password"
          required
          value={input.password}
          onChange={(event) => update('password', event.target.value)}
          error={fieldError('password')}
          hint={t('auth:fields.password_hint', { count: 8 })}
          disabled={created}
          data-testid="onboarding-admin-password"
        />
        <TextField
          label={t('auth:fields.confirm_password')}
          type="password"
          autoComplete="new-password"
          required
          value={input.confirm}
          onChange={(event) => update('confirm', event.target.value)}
          error={fieldError('confirm')}
          disabled={created}
          data-testid="onboarding-admin-confirm"
        />
      </fieldset>
    </StepFrame>
  );
}
