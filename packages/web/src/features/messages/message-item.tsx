import {
  lazy,
  memo,
  Suspense,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type TouchEvent,
  type ButtonHTMLAttributes,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { useAppSelector, type Message } from '../../lib/store';
import { UserAvatar, useUserName } from '../users';
import { EditIcon, MoreIcon, PinIcon, ReplyIcon, SmileIcon } from './action-icons';
import { formatFullDateTime, formatTime } from './format';
import { requestDelete, showVersions, startEdit, startReply } from './message-actions';
import { MessageContent } from './message-content';
import type { OpenMenu } from './message-menus';
import { abilities, type Viewer } from './permissions';
import { Reactions } from './reactions';
import { ReplyQuote } from './reply-quote';
import { composeDispatch } from './compose-state';

const LONG_PRESS_MS = 500;
const MessageMenus = lazy(() => import('./message-menus'));

interface MessageItemProps {
  message: Message;
  grouped: boolean;
  selfUid: number | null;
  viewer: Viewer;
  pinned: boolean;
  /** Multi-select mode is on in this conversation; `selected` says whether this message is chosen. */
  selecting: boolean;
  selected: boolean;
  highlighted: boolean;
  /** The one message reachable with Tab (roving focus); arrows move between messages. */
  tabbable: boolean;
  onFocusMessage: (mid: number) => void;
}

function focusSibling(from: HTMLElement, step: 1 | -1) {
  const all = [
    ...(from
      .closest('[data-testid="message-list"]')
      ?.querySelectorAll<HTMLElement>('[data-testid="message"]') ?? []),
  ];
  const next = all[all.indexOf(from) + step];
  next?.focus();
  next?.scrollIntoView({ block: 'nearest' });
}

export const MessageItem = memo(function MessageItem({
  message,
  grouped,
  selfUid,
  viewer,
  pinned,
  selecting,
  selected,
  highlighted,
  tabbable,
  onFocusMessage,
}: MessageItemProps) {
  const { t } = useTranslation(['chat', 'actions', 'platform']);
  const online = useAppSelector((state) => state.online);
  const author = useUserName(message.fromUid);
  const locale = currentLanguage();
  const time = formatTime(message.createdAt, locale);
  const mine = message.fromUid === selfUid;
  const can = abilities(message, viewer);
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const articleRef = useRef<HTMLElement>(null);
  const pressTimer = useRef<number | null>(null);

  const openMenuAt = (kind: OpenMenu['kind'], x: number, y: number, returnFocus: HTMLElement | null) =>
    setMenu({ kind, at: { x, y }, returnFocus });
  const openFromButton = (kind: OpenMenu['kind'], event: MouseEvent<HTMLButtonElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    openMenuAt(kind, rect.right - 200, rect.bottom + 4, event.currentTarget);
  };
  const openFromKeyboard = () => {
    const rect = articleRef.current?.getBoundingClientRect();
    if (rect) openMenuAt('actions', rect.left + 56, rect.top + 24, articleRef.current);
  };

  const onContextMenu = (event: MouseEvent<HTMLElement>) => {
    if (message.sending || selecting) return;
    if ((event.target as HTMLElement).closest('a')) return; // keep the browser's menu for links
    event.preventDefault();
    openMenuAt('actions', event.clientX, event.clientY, articleRef.current);
  };

  const cancelPress = () => {
    if (pressTimer.current !== null) window.clearTimeout(pressTimer.current);
    pressTimer.current = null;
  };
  const onTouchStart = (event: TouchEvent<HTMLElement>) => {
    if (message.sending || selecting) return;
    const touch = event.touches[0];
    if (!touch) return;
    const { clientX, clientY } = touch;
    cancelPress();
    pressTimer.current = window.setTimeout(() => {
      pressTimer.current = null;
      openMenuAt('actions', clientX, clientY, articleRef.current);
    }, LONG_PRESS_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key;
    const handled = () => event.preventDefault();
    if (key === 'ArrowUp' || key === 'ArrowDown') {
      handled();
      focusSibling(event.currentTarget, key === 'ArrowUp' ? -1 : 1);
    } else if (selecting && key === 'Escape') {
      handled();
      composeDispatch({ type: 'select/end' });
    } else if (selecting && (key === ' ' || key === 'Enter')) {
      handled();
      if (can.select) composeDispatch({ type: 'select/toggle', mid: message.mid });
    } else if (key === 'Enter' || key === 'ContextMenu' || (key === 'F10' && event.shiftKey)) {
      handled();
      if (!message.sending) openFromKeyboard();
    } else if (key === 'r' && can.reply) {
      handled();
      startReply(message);
    } else if (key === 'e' && can.edit) {
      handled();
      startEdit(message);
    } else if (key === 'Delete' && can.delete) {
      handled();
      requestDelete([message.mid]);
    }
  };

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (!selecting || !can.select) return;
    if ((event.target as HTMLElement).closest('a,button')) return;
    composeDispatch({ type: 'select/toggle', mid: message.mid });
  };

  const classes = [
    'message',
    grouped && 'message--grouped',
    message.sending && 'message--sending',
    mine && 'message--mine',
    highlighted && 'message--highlight',
    selecting && 'message--selecting',
    selected && 'message--selected',
    menu && 'message--menu-open',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <article
      ref={articleRef}
      className={classes}
      tabIndex={tabbable ? 0 : -1}
      data-testid="message"
      data-mid={message.mid}
      data-from-uid={message.fromUid}
      data-sending={message.sending || undefined}
      data-selected={selected || undefined}
      aria-label={t('chat:message.label', { name: author, time })}
      aria-keyshortcuts="Enter Shift+F10 R E Delete"
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocusMessage(message.mid);
      }}
      onKeyDown={onKeyDown}
      onContextMenu={onContextMenu}
      onTouchStart={onTouchStart}
      onTouchEnd={cancelPress}
      onTouchMove={cancelPress}
      onClick={onClick}
    >
      <div className="message__gutter">
        {selecting ? (
          <input
            type="checkbox"
            className="message__check"
            checked={selected}
            disabled={!can.select}
            aria-label={t('actions:select.toggle')}
            onChange={() => composeDispatch({ type: 'select/toggle', mid: message.mid })}
            data-testid="message-select"
          />
        ) : grouped ? (
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
        {message.replyMid !== null ? <ReplyQuote conv={message.conv} mid={message.replyMid} /> : null}
        <MessageContent message={message} />
        {message.edited || message.sending || pinned ? (
          <p className="message__meta">
            {pinned ? (
              <span className="message__pinned" data-testid="message-pinned">
                <PinIcon size={12} /> {t('actions:pin.badge')}
              </span>
            ) : null}
            {message.edited ? (
              <button
                type="button"
                className="message__edited"
                title={t('actions:edit.show_versions')}
                onClick={() => showVersions(message.mid)}
                data-testid="message-edited"
              >
                {t('chat:message.edited')}
              </button>
            ) : null}
            {message.sending ? (
              <span className="message__sending">
                {online ? t('chat:message.sending') : t('platform:outbox.waiting')}
              </span>
            ) : null}
          </p>
        ) : null}
        <Reactions message={message} selfUid={selfUid} />
      </div>
      {message.sending || selecting ? null : (
        <div className="message__toolbar" role="toolbar" aria-label={t('actions:toolbar.label')}>
          <ToolButton
            label={t('actions:toolbar.react')}
            testId="tool-react"
            onClick={(e) => openFromButton('react', e)}
          >
            <SmileIcon size={16} />
          </ToolButton>
          <ToolButton
            label={t('actions:toolbar.reply')}
            testId="tool-reply"
            onClick={() => startReply(message)}
          >
            <ReplyIcon size={16} />
          </ToolButton>
          {can.edit ? (
            <ToolButton
              label={t('actions:toolbar.edit')}
              testId="tool-edit"
              onClick={() => startEdit(message)}
            >
              <EditIcon size={16} />
            </ToolButton>
          ) : null}
          <ToolButton
            label={t('actions:toolbar.more')}
            testId="tool-more"
            onClick={(e) => openFromButton('actions', e)}
            aria-haspopup="menu"
            aria-expanded={menu?.kind === 'actions'}
          >
            <MoreIcon size={16} />
          </ToolButton>
        </div>
      )}
      {menu ? (
        <Suspense fallback={null}>
          <MessageMenus
            message={message}
            can={can}
            gid={viewer.group?.gid ?? null}
            pinned={pinned}
            menu={menu}
            onClose={() => setMenu(null)}
            onReact={setMenu}
          />
        </Suspense>
      ) : null}
    </article>
  );
});

/**
 * A hover-toolbar button: out of the tab order (the focused message's keys and menu reach the same
 * actions), named by its tooltip.
 */
function ToolButton({
  label,
  testId,
  children,
  ...rest
}: { label: string; testId: string; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className="message__tool"
      tabIndex={-1}
      title={label}
      aria-label={label}
      data-testid={testId}
      {...rest}
    >
      {children}
    </button>
  );
}
