import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackIcon } from '../../ui';

/** Shown on narrow screens only, where the list and the conversation are separate views. */
export function BackLink({ to }: { to: string }) {
  const { t } = useTranslation('common');
  return (
    <Link
      to={to}
      className="icon-btn back-link"
      aria-label={t('actions.back')}
      title={t('actions.back')}
      data-testid="back-button"
    >
      <BackIcon />
    </Link>
  );
}
