import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { useAppSelector, type Message } from '../../lib/store';
import { joinNames } from './emojis';
import { summarizeLikes } from './likes';
import { toggleReaction } from './message-actions';

/** Reaction chips: count, who reacted (tooltip and accessible name), a press toggles the viewer's own. */
export function Reactions({ message, selfUid }: { message: Message; selfUid: number | null }) {
  const { t } = useTranslation(['chat', 'actions', 'member']);
  const users = useAppSelector((state) => state.users.byId);
  const reactions = summarizeLikes(message.likes);
  if (reactions.length === 0) return null;
  const locale = currentLanguage();
  return (
    <ul className="message__reactions" aria-label={t('chat:message.reactions')}>
      {reactions.map(({ action, uids }) => {
        const names = joinNames(
          uids.map((uid) => users[uid]?.name || t('member:unknown_user', { uid })),
          locale,
        );
        const label = t('actions:reactions.reacted', { emoji: action, count: uids.length, names });
        const mine = selfUid !== null && uids.includes(selfUid);
        return (
          <li key={action}>
            <button
              type="button"
              className={`reaction${mine ? ' reaction--mine' : ''}`}
              aria-pressed={mine}
              aria-label={label}
              aria-description={t('actions:reactions.toggle_hint')}
              title={label}
              disabled={message.sending}
              onClick={() => toggleReaction(message.mid, action)}
              data-testid="reaction"
              data-emoji={action}
            >
              <span aria-hidden="true">{action}</span>
              <span aria-hidden="true">{uids.length}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
