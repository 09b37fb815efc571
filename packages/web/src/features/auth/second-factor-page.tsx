import { useTranslation } from 'react-i18next';
import { SecondFactorStep } from '../two-factor';
import { AuthLayout } from './auth-layout';

/** The login page while a sign-in waits for its second factor (docs/api.md, "Two-factor sign-in"). */
export function SecondFactorPage({ mfaToken }: { mfaToken: string }) {
  const { t } = useTranslation('twofactor');
  return (
    <AuthLayout title={t('login_title')}>
      <SecondFactorStep mfaToken={mfaToken} />
    </AuthLayout>
  );
}
