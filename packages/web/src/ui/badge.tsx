export function UnreadBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="unread-badge" data-testid="unread-badge" aria-label={label}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
