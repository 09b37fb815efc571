import type { Group, PinnedMessage } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { groupConv, useAppSelector } from '../../lib/store';
import { CloseIcon, IconButton } from '../../ui';
import { UserAvatar, useUserName } from '../users';
import { formatFullDateTime } from './format';
import { jumpTo, setPinned } from './message-actions';
import { MentionText } from './mention-text';
import './actions.css';

function PinRow({ pin, gid, canUnpin }: { pin: PinnedMessage; gid: number; canUnpin: boolean }) {
  const { t } = useTranslation('actions');
  const author = useUserName(pin.created_by);
  const original = useAppSelector((state) => state.messages.byMid[pin.mid]);
  const sender = useUserName(original?.fromUid ?? pin.created_by);
  return (
    <li className="pin" data-testid="pin" data-mid={pin.mid}>
      <button
        type="button"
        className="pin__body"
        onClick={() => jumpTo(groupConv(gid), pin.mid)}
        title={t('pin.jump')}
      >
        <span className="pin__head">
          <UserAvatar uid={original?.fromUid ?? pin.created_by} size={20} />
          <span className="pin__author">{original ? sender : author}</span>
        </span>
        <span className="pin__text" dir="auto">
          <MentionText text={pin.content.slice(0, 300)} />
        </span>
        <span className="pin__meta">
          {t('pin.pinned_by', { name: author })} · {formatFullDateTime(pin.created_at, currentLanguage())}
        </span>
      </button>
      {canUnpin ? (
        <IconButton
          label={t('pin.unpin')}
          onClick={() => setPinned(gid, pin.mid, false)}
          data-testid="pin-unpin"
        >
          <CloseIcon size={16} />
        </IconButton>
      ) : null}
    </li>
  );
}

/** The channel's pinned messages (its own chunk), live: pins, edits and deletes arrive as `pinned_message_updated`. */
export default function PinsPanel({ id, group, onClose }: { id: string; group: Group; onClose: () => void }) {
  const { t } = useTranslation('actions');
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? null);
  const isAdmin = useAppSelector((state) => state.auth?.user.is_admin === true);
  const canUnpin = isAdmin || (group.owner !== null && group.owner === selfUid);
  const pins = [...group.pinned_messages].reverse();
  return (
    <aside
      id={id}
      className="members-panel pins-panel"
      aria-label={t('pin.panel_title')}
      data-testid="pins-panel"
    >
      <header className="members-panel__header">
        <h2>{t('pin.panel_title')}</h2>
        <span className="members-panel__count">{pins.length}</span>
        <IconButton label={t('pin.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </header>
      {pins.length === 0 ? (
        <p className="pins-panel__empty">{t('pin.empty')}</p>
      ) : (
        <ul className="pins-panel__list">
          {pins.map((pin) => (
            <PinRow key={pin.mid} pin={pin} gid={group.gid} canUnpin={canUnpin} />
          ))}
        </ul>
      )}
    </aside>
  );
}
