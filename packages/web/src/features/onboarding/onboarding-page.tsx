import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { dispatch, getState } from '../../lib/store';
import './onboarding.css';
import { createDefaultChannel } from './default-channel';
import { StepIndicator } from './step-indicator';
import { STEP_IDS } from './steps';
import { AdminStep } from './steps/admin-step';
import { DoneStep } from './steps/done-step';
import { InviteStep } from './steps/invite-step';
import { ServerNameStep } from './steps/server-name-step';
import { SignUpStep } from './steps/sign-up-step';
import { WelcomeStep } from './steps/welcome-step';

/** First-run setup (SPEC §2): welcome, server name, admin account, sign-up rule, invites, done. */
export function OnboardingPage() {
  const { t } = useTranslation('welcome');
  const navigate = useNavigate();
  // Only a server that was not set up when the wizard opened may run it; later visits go to the app.
  const [fresh] = useState(() => getState().server.initialized === false);
  const [step, setStep] = useState(0);
  const [serverName, setServerName] = useState('');
  if (!fresh) return <Navigate to="/" replace />;

  const next = () => setStep((current) => Math.min(current + 1, STEP_IDS.length - 1));
  const back = () => setStep((current) => Math.max(current - 1, 0));
  const finish = async () => {
    await createDefaultChannel(
      t('onboarding.done.default_channel'),
      t('onboarding.done.default_message', { name: serverName }),
    );
    dispatch({ type: 'server/initialized', initialized: true });
    void navigate('/chat', { replace: true });
  };

  const id = STEP_IDS[step] ?? 'welcome';
  return (
    <main className="onboarding">
      <aside className="onboarding__aside">
        <p className="onboarding__brand">{t('onboarding.brand')}</p>
        <StepIndicator steps={STEP_IDS} current={step} />
      </aside>
      <section className="onboarding__content">
        {id === 'welcome' && <WelcomeStep onNext={next} />}
        {id === 'server' && (
          <ServerNameStep
            initialName={serverName}
            onBack={back}
            onNext={(name) => {
              setServerName(name);
              next();
            }}
          />
        )}
        {id === 'admin' && <AdminStep serverName={serverName} onBack={back} onDone={next} />}
        {id === 'signup' && <SignUpStep onNext={next} />}
        {id === 'invite' && <InviteStep onNext={next} />}
        {id === 'done' && <DoneStep serverName={serverName} onFinish={() => void finish()} />}
      </section>
    </main>
  );
}
