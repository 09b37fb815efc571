import type { Group } from '@parley/protocol';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PinIcon } from './action-icons';

const LazyPinsPanel = lazy(() => import('./pins-panel'));

/** The header button that shows how many messages are pinned and opens the panel. */
export function PinsToggle({
  group,
  open,
  onToggle,
  panelId,
}: {
  group: Group;
  open: boolean;
  onToggle: () => void;
  panelId: string;
}) {
  const { t } = useTranslation('actions');
  const count = group.pinned_messages.length;
  return (
    <button
      type="button"
      className="members-toggle"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
      title={t('pin.panel_toggle')}
      data-testid="pins-toggle"
    >
      <PinIcon size={16} />
      <span data-testid="pins-count">{count}</span>
      <span className="visually-hidden">{t('pin.panel_toggle')}</span>
    </button>
  );
}

export function PinsPanel(props: { id: string; group: Group; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <LazyPinsPanel {...props} />
    </Suspense>
  );
}
