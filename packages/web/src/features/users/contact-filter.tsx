import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../lib/store';
import type { ContactFilterValue } from './contact-search';

const VALUES: readonly ContactFilterValue[] = ['all', 'added', 'blocked'];

/** A row of toggle buttons (each reachable by Tab, pressed state announced). */
export function ContactFilter({
  value,
  onChange,
}: {
  value: ContactFilterValue;
  onChange: (value: ContactFilterValue) => void;
}) {
  const { t } = useTranslation('contacts');
  const counts = useContactCounts();
  return (
    <div className="contact-filter" role="group" aria-label={t('filter.label')}>
      {VALUES.map((option) => (
        <button
          key={option}
          type="button"
          className="contact-filter__option"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          data-testid={`contact-filter-${option}`}
        >
          {t(`filter.${option}`)}
          {option === 'all' ? null : <span className="contact-filter__count">{counts[option]}</span>}
        </button>
      ))}
    </div>
  );
}

function useContactCounts(): Record<'added' | 'blocked', number> {
  const contacts = useAppSelector((state) => state.chatSettings.contacts);
  const users = useAppSelector((state) => state.users.byId);
  const counts = { added: 0, blocked: 0 };
  for (const [uid, status] of Object.entries(contacts)) if (users[Number(uid)]) counts[status] += 1;
  return counts;
}
