import './unread-separator.css';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { daysAgo, formatDay } from './format';

export function DaySeparator({ time, now }: { time: number; now: number }) {
  const { t } = useTranslation('chat');
  const ago = daysAgo(time, now);
  const label =
    ago === 0 ? t('day.today') : ago === 1 ? t('day.yesterday') : formatDay(time, currentLanguage());
  return (
    <div className="day-separator" role="separator" aria-label={label}>
      <span>{label}</span>
    </div>
  );
}

/** The "new messages" line at the read position the conversation opened with (issue 10). */
export function UnreadSeparator() {
  const { t } = useTranslation(['channels']);
  return (
    <div
      className="day-separator unread-separator"
      role="separator"
      aria-label={t('channels:unread.divider')}
      data-testid="unread-divider"
    >
      <span>{t('channels:unread.divider')}</span>
    </div>
  );
}
