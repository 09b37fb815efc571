import { useTranslation } from 'react-i18next';

/** "@3": unread messages that mention the reader, shown next to (and apart from) the unread count. */
export function MentionBadge({ count }: { count: number }) {
  const { t } = useTranslation('actions');
  if (count <= 0) return null;
  return (
    <span
      className="mention-badge"
      data-testid="mention-badge"
      aria-label={t('mention.count', { count })}
      title={t('mention.count', { count })}
    >
      @{count > 99 ? '99+' : count}
    </span>
  );
}
