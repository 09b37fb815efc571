import { useTranslation } from 'react-i18next';
import { useUserName } from '../users';

/** The caller's side while the DM call rings: whom it is ringing (announced to screen readers). */
export function RingingBar({ uid }: { uid: number }) {
  const { t } = useTranslation('voice');
  const name = useUserName(uid);
  return (
    <p className="voice-room__ringing" role="status" data-testid="call-ringing">
      <span className="voice-room__pulse" aria-hidden="true" />
      {t('call.ringing', { name })}
    </p>
  );
}
