import { useTranslation } from 'react-i18next';
import { PhoneIcon } from './phone-icon';
import './calls.css';

/** The server records an unanswered DM call as a message marked `parley_call: missed` (docs/voice.md). */
export const isMissedCall = (message: { properties: Record<string, unknown> | null }) =>
  message.properties?.parley_call === 'missed';

/** Parley's translated line for it; VoceChat clients show the message's plain text instead. */
export function MissedCall() {
  const { t } = useTranslation('voice');
  return (
    <p className="message__call" data-testid="missed-call">
      <PhoneIcon size={16} />
      {t('call.missed')}
    </p>
  );
}
