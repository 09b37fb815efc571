import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { useAppSelector, type Message } from '../../lib/store';
import { UserAvatar, useUserName } from '../users';
import { formatFullDateTime, formatTime } from './format';
import { summarizeLikes } from './likes';
import { MessageContent } from './message-content';

function ReplyQuote({ mid }: { mid: number }) {
  const { t } = useTranslation('chat');
  const original = useAppSelector((state) => state.messages.byMid[mid]);
  const author = useUserName(original?.fromUid ?? 0);
  return (
    <div className="message__reply">
      {original ? (
        <>
          <span className="message__reply-author">{author}</span>
          <span className="message__reply-text">{original.content.slice(0, 140)}</span>
        </>
      ) : (
        <span className="message__reply-text">{t('message.reply_unavailable')}</span>
      )}
    </div>
  );
}

function Reactions({ message, selfUid }: { message: Message; selfUid: number | null }) {
  const { t } = useTranslation('chat');
  const reactions = summarizeLikes(message.likes);
  if (reactions.length === 0) return null;
  return (
    <ul className="message__reactions" aria-label={t('message.reactions')}>
      {reactions.map(({ action, uids }) => (
        <li
          key={action}
          className={`reaction${selfUid !== null && uids.includes(selfUid) ? ' reaction--mine' : ''}`}
          aria-label={t('message.reaction', { emoji: action, count: uids.length })}
        >
          <span aria-hidden="true">{action}</span>
          <span aria-hidden="true">{uids.length}</span>
        </li>
      ))}
    </ul>
  );
}

interface MessageItemProps {
  message: Message;
  grouped: boolean;
  selfUid: number | null;
}

export const MessageItem = memo(function MessageItem({ message, grouped, selfUid }: MessageItemProps) {
  const { t } = useTranslation('chat');
  const author = useUserName(message.fromUid);
  const locale = currentLanguage();
  const time = formatTime(message.createdAt, locale);
  const mine = message.fromUid === selfUid;
  return (
    <article
      className={`message${grouped ? ' message--grouped' : ''}${message.sending ? ' message--sending' : ''}${mine ? ' message--mine' : ''}`}
      data-testid="message"
      data-mid={message.mid}
      data-from-uid={message.fromUid}
      data-sending={message.sending || undefined}
      aria-label={t('message.label', { name: author, time })}
    >
      <div className="message__gutter">
        {grouped ? (
          <time className="message__gutter-time" dateTime={new Date(message.createdAt).toISOString()}>
            {time}
          </time>
        ) : (
          <UserAvatar uid={message.fromUid} size={36} />
        )}
      </div>
      <div className="message__main">
        {grouped ? null : (
          <header className="message__header">
            <span className="message__author">{author}</span>
            <time
              className="message__time"
              dateTime={new Date(message.createdAt).toISOString()}
              title={formatFullDateTime(message.createdAt, locale)}
            >
              {time}
            </time>
          </header>
        )}
        {message.replyMid !== null ? <ReplyQuote mid={message.replyMid} /> : null}
        <MessageContent message={message} />
        {message.edited || message.sending ? (
          <p className="message__meta">
            {message.edited ? <span>{t('message.edited')}</span> : null}
            {message.sending ? <span className="message__sending">{t('message.sending')}</span> : null}
          </p>
        ) : null}
        <Reactions message={message} selfUid={selfUid} />
      </div>
    </article>
  );
});
