import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackIcon } from '../../ui';

/** Back to the conversation; shown at every width (the settings pages replace the chat view). */
export function SettingsBack({ to }: { to: string }) {
  const { t } = useTranslation('channels');
  return (
    <Link to={to} className="icon-btn" aria-label={t('back')} title={t('back')} data-testid="settings-back">
      <BackIcon />
    </Link>
  );
}
