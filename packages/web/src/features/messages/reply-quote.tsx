import { useTranslation } from 'react-i18next';
import { useAppSelector, type ConvKey } from '../../lib/store';
import { useUserName } from '../users';
import { jumpTo } from './message-actions';
import { MentionText } from './mention-text';

/** The original above a reply: a press scrolls to it (loading older history) and highlights it. */
export function ReplyQuote({ conv, mid }: { conv: ConvKey; mid: number }) {
  const { t } = useTranslation(['chat', 'actions']);
  const original = useAppSelector((state) => state.messages.byMid[mid]);
  const deleted = useAppSelector((state) => state.messages.deleted[mid] === true);
  const author = useUserName(original?.fromUid ?? 0);
  if (deleted && !original) {
    return (
      <div className="message__reply message__reply--deleted" data-testid="reply-quote" data-deleted="true">
        <span className="message__reply-text">{t('actions:reply.deleted')}</span>
      </div>
    );
  }
  return (
    <button
      type="button"
      className="message__reply"
      onClick={() => jumpTo(conv, mid)}
      // The quoted text stays the accessible name (it is what people see); the jump is the description.
      title={original ? t('actions:reply.jump', { name: author }) : undefined}
      aria-description={original ? t('actions:reply.jump', { name: author }) : undefined}
      data-testid="reply-quote"
      data-reply-mid={mid}
    >
      {original ? (
        <>
          <span className="message__reply-author">{author}</span>
          <span className="message__reply-text">
            <MentionText text={original.content.slice(0, 140)} />
          </span>
        </>
      ) : (
        <span className="message__reply-text">{t('chat:message.reply_unavailable')}</span>
      )}
    </button>
  );
}
