import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMuted, useAppSelector, type ConvKey } from '../../lib/store';
import { IconButton } from '../../ui';
import { BellOffIcon, SlidersIcon } from './icons';
import { useNow } from './use-now';

/** The dialog loads on first use, so the first chat screen does not carry it. */
const ConversationSettingsDialog = lazy(async () => ({
  default: (await import('./conversation-settings')).ConversationSettingsDialog,
}));

/** The header button that opens the conversation's settings; shows a muted mark when muted. */
export function ConversationSettingsButton({ conv }: { conv: ConvKey }) {
  const { t } = useTranslation(['conversation']);
  const [open, setOpen] = useState(false);
  const now = useNow();
  const muted = useAppSelector((state) => isMuted(state.chatSettings, conv, now));
  return (
    <>
      {muted ? (
        <span className="conversation-muted" title={t('conversation:muted')} data-testid="conversation-muted">
          <BellOffIcon size={16} />
          <span className="visually-hidden">{t('conversation:muted')}</span>
        </span>
      ) : null}
      <IconButton
        label={t('conversation:open')}
        onClick={() => setOpen(true)}
        data-testid="conversation-settings-button"
      >
        <SlidersIcon size={18} />
      </IconButton>
      {open ? (
        <Suspense fallback={null}>
          <ConversationSettingsDialog conv={conv} open onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
