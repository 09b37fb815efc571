import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAdmin, login, updateOrganization } from '../../../lib/api';
import { getDeviceId, startSession } from '../../../lib/session';
import { dispatch, getState } from '../../../lib/store';
import { Button, ShieldIcon } from '../../../ui';
import { AccountFields, useAccountForm } from '../../auth';
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
  const form = useAccountForm({ name: 'Admin' });
  const { input } = form;
  const [phase, setPhase] = useState<Phase>('idle');
  const [created, setCreated] = useState(false);

  const submit = async () => {
    if (!form.validate()) return;
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
        <AccountFields form={form} testIdPrefix="onboarding-admin" disabled={created} />
      </fieldset>
    </StepFrame>
  );
}
