import { LIMITS, type UserInfo } from '@parley/protocol';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { editMessage, sendTyping } from '../../lib/api';
import { getState, parseConv, useAppSelector, type ConvKey, type Message } from '../../lib/store';
import { CheckIcon, IconButton, MarkdownIcon, SendIcon } from '../../ui';
import { AttachButton, fileDropHandlers, UploadTray } from '../files';
import { composeDispatch, getCompose, useCompose } from './compose-state';
import {
  readDraft,
  readMarkdownPreference,
  readReplyTarget,
  writeDraft,
  writeMarkdownPreference,
} from './drafts';
import { composerId } from './message-actions';
import { encodeMentions, findMentionQuery, type MentionQuery, type PickedMention } from './mentions';
import { lastEditable } from './permissions';
import { useMentionCandidates } from './use-mention-candidates';
import { resetTypingSignal, shouldSignalTyping } from '../../lib/typing';
import { useSendMessage } from './use-send-message';

// Parts that only show on demand load on first use, keeping the first chat screen small.
const SelectionBar = lazy(() => import('./selection-bar'));
const ComposerBanner = lazy(() => import('./composer-banner'));
const MentionPicker = lazy(() => import('./mention-picker'));

interface ComposerProps {
  conv: ConvKey;
  placeholder: string;
}

const tooLong = (text: string) => new TextEncoder().encode(text).length > LIMITS.messageMaxBytes;

function conversationMessages(conv: ConvKey): Message[] {
  const { convs, byMid } = getState().messages;
  return (convs[conv]?.mids ?? []).map((mid) => byMid[mid]).filter((m): m is Message => m !== undefined);
}

const refOfConv = (conv: ConvKey) => {
  const { kind, id } = parseConv(conv);
  return { kind, id };
};

export function Composer({ conv, placeholder }: ComposerProps) {
  const selecting = useCompose((compose) => compose.selecting === conv);
  const isGuest = useAppSelector((state) => state.auth?.user.create_by === 'guest');
  // Guests read but never send (SPEC §6): they are asked to sign in instead.
  if (isGuest) return <GuestComposer />;
  return selecting ? (
    <Suspense fallback={null}>
      <SelectionBar />
    </Suspense>
  ) : (
    <ComposerForm conv={conv} placeholder={placeholder} />
  );
}

function GuestComposer() {
  const { t } = useTranslation('accounts');
  return (
    <div className="composer composer--guest" role="note" data-testid="composer-guest">
      <p>{t('guest.sign_in_to_send')}</p>
      <Link className="btn btn--primary btn--small" to="/login" data-testid="composer-guest-sign-in">
        {t('guest.sign_in')}
      </Link>
    </div>
  );
}

/**
 * Enter sends, Shift+Enter starts a new line; the toggle switches between plain text and Markdown. It
 * also replies (a quote above the field), edits (↑ in an empty field edits the last own message, Esc
 * cancels) and suggests members after `@`.
 */
function ComposerForm({ conv, placeholder }: ComposerProps) {
  const { t } = useTranslation(['chat', 'actions', 'platform']);
  const online = useAppSelector((state) => state.online);
  const send = useSendMessage(conv);
  const [text, setText] = useState(() => readDraft(conv));
  const [markdown, setMarkdown] = useState(readMarkdownPreference);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const replyMid = useCompose((compose) => compose.reply[conv] ?? null);
  const editingMid = useCompose((compose) => compose.editing[conv] ?? null);
  const editing = useAppSelector((state) =>
    editingMid === null ? undefined : state.messages.byMid[editingMid],
  );
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const picked = useRef<PickedMention[]>([]);
  const candidates = useMentionCandidates(conv, mention?.query ?? null);
  const pickerId = `mentions-${conv}`;
  /** The draft set aside while editing, given back when the edit ends. */
  const setAside = useRef<string | null>(null);

  // The reply target survives reloads with the draft.
  useEffect(() => {
    const saved = readReplyTarget(conv);
    if (saved !== null && getCompose().reply[conv] === undefined)
      composeDispatch({ type: 'reply', conv, mid: saved });
  }, [conv]);

  // Entering edit mode puts the message's text in the field; leaving it gives the draft back.
  const editingContent = editing?.content;
  useEffect(() => {
    if (editingMid === null) {
      if (setAside.current !== null) {
        setText(setAside.current);
        setAside.current = null;
      }
      return;
    }
    if (editingContent === undefined) {
      composeDispatch({ type: 'edit', conv, mid: null }); // deleted meanwhile
      return;
    }
    if (setAside.current === null) setAside.current = inputRef.current?.value ?? '';
    setText(editingContent);
    requestAnimationFrame(() => {
      const input = inputRef.current;
      input?.focus();
      input?.setSelectionRange(input.value.length, input.value.length);
    });
    // Only when another message starts being edited, not when its text changes underneath.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editingMid, conv]);

  const update = (nextText: string, caret?: number) => {
    setText(nextText);
    if (editingMid === null) writeDraft(conv, nextText);
    const query = findMentionQuery(nextText, caret ?? nextText.length);
    setMention(query);
    if (query?.query !== mention?.query) setActive(0);
  };

  // Typing a new message (not editing one) tells the others, at most every few seconds (lib/typing).
  const typed = (nextText: string, caret?: number) => {
    update(nextText, caret);
    if (editingMid === null && nextText.trim() !== '' && online && shouldSignalTyping(conv))
      void sendTyping(refOfConv(conv)).catch(() => {});
  };

  const toggleMarkdown = () => {
    setMarkdown(!markdown);
    writeMarkdownPreference(!markdown);
  };

  const cancelEdit = () => composeDispatch({ type: 'edit', conv, mid: null });
  const cancelReply = () => composeDispatch({ type: 'reply', conv, mid: null });

  const pick = (user: UserInfo) => {
    if (!mention) return;
    const input = inputRef.current;
    const caret = input?.selectionStart ?? text.length;
    const insert = `@${user.name} `;
    const next = text.slice(0, mention.start) + insert + text.slice(caret);
    if (!picked.current.some((p) => p.uid === user.uid))
      picked.current.push({ uid: user.uid, name: user.name });
    update(next, mention.start + insert.length);
    setMention(null);
    requestAnimationFrame(() =>
      input?.setSelectionRange(mention.start + insert.length, mention.start + insert.length),
    );
  };

  const submit = async () => {
    // Offline, a new message waits in the outbox; an edit needs the network.
    if (text.trim() === '' || (!online && editingMid !== null)) return;
    if (tooLong(text)) {
      toast.error(t('chat:composer.too_long'));
      return;
    }
    const { content, mentions } = encodeMentions(text, picked.current);
    const contentType = markdown ? 'text/markdown' : 'text/plain';
    if (editingMid !== null) {
      const properties: Record<string, unknown> = mentions.length > 0 ? { mentions } : {};
      try {
        await editMessage(editingMid, { content, contentType, properties });
        cancelEdit();
      } catch {
        /* the toast said why; the text stays for another try */
      }
      return;
    }
    const source = text;
    const reply = replyMid;
    update('');
    picked.current = [];
    resetTypingSignal(conv);
    if (reply !== null) cancelReply();
    const sent = await send(content, contentType, { replyMid: reply, mentions });
    // Give the words back when sending failed and nothing new was typed meanwhile.
    if (!sent && inputRef.current?.value === '') {
      update(source);
      if (reply !== null) composeDispatch({ type: 'reply', conv, mid: reply });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (mention) {
      const count = candidates.length;
      if (event.key === 'ArrowDown' && count > 0) {
        event.preventDefault();
        setActive((active + 1) % count);
        return;
      }
      if (event.key === 'ArrowUp' && count > 0) {
        event.preventDefault();
        setActive((active - 1 + count) % count);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && count > 0) {
        event.preventDefault();
        pick(candidates[active] ?? (candidates[0] as UserInfo));
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setMention(null);
        return;
      }
    }
    if (event.key === 'Escape') {
      if (editingMid !== null) {
        event.preventDefault();
        cancelEdit();
      } else if (replyMid !== null) {
        event.preventDefault();
        cancelReply();
      }
      return;
    }
    if (event.key === 'ArrowUp' && text === '' && editingMid === null) {
      const last = lastEditable(conversationMessages(conv), getState().auth?.user.uid ?? null);
      if (last) {
        event.preventDefault();
        composeDispatch({ type: 'edit', conv, mid: last.mid });
      }
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    void submit();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
    inputRef.current?.focus();
  };

  const pickerOpen = mention !== null;
  return (
    <form
      className={`composer${editingMid !== null ? ' composer--editing' : ''}`}
      onSubmit={onSubmit}
      data-testid="composer-form"
      {...fileDropHandlers(conv, online)}
    >
      <UploadTray conv={conv} />
      <Suspense fallback={null}>
        {editingMid !== null ? (
          <ComposerBanner kind="edit" onCancel={cancelEdit} />
        ) : replyMid !== null ? (
          <ComposerBanner kind="reply" mid={replyMid} onCancel={cancelReply} />
        ) : null}
        {pickerOpen ? (
          <MentionPicker id={pickerId} candidates={candidates} active={active} onPick={pick} />
        ) : null}
      </Suspense>
      <label className="visually-hidden" htmlFor={composerId(conv)}>
        {placeholder}
      </label>
      <textarea
        id={composerId(conv)}
        ref={inputRef}
        className="composer__input"
        dir="auto"
        rows={1}
        value={text}
        placeholder={online ? placeholder : t('platform:outbox.placeholder')}
        autoFocus={window.matchMedia('(pointer: fine)').matches}
        onChange={(event) => typed(event.target.value, event.target.selectionStart)}
        onKeyDown={onKeyDown}
        onBlur={() => setMention(null)}
        aria-describedby={`composer-hint-${conv}`}
        role={pickerOpen ? 'combobox' : undefined}
        aria-expanded={pickerOpen ? true : undefined}
        aria-controls={pickerOpen ? pickerId : undefined}
        aria-autocomplete={pickerOpen ? 'list' : undefined}
        aria-activedescendant={
          pickerOpen && candidates[active] ? `${pickerId}-${candidates[active].uid}` : undefined
        }
        data-testid="composer"
        data-markdown={markdown || undefined}
      />
      <div className="composer__tools">
        <AttachButton conv={conv} disabled={!online} />
        <IconButton
          label={markdown ? t('chat:composer.markdown_on') : t('chat:composer.markdown_off')}
          pressed={markdown}
          onClick={toggleMarkdown}
          data-testid="composer-markdown-toggle"
        >
          <MarkdownIcon />
        </IconButton>
        <IconButton
          type="submit"
          className="composer__send"
          label={editingMid !== null ? t('actions:edit.save') : t('chat:composer.send')}
          disabled={text.trim() === '' || (!online && editingMid !== null)}
          data-testid="composer-send"
        >
          {editingMid !== null ? <CheckIcon /> : <SendIcon />}
        </IconButton>
      </div>
      <p id={`composer-hint-${conv}`} className="composer__hint">
        {editingMid !== null
          ? t('actions:edit.hint')
          : markdown
            ? t('chat:composer.hint_markdown')
            : t('chat:composer.hint')}
      </p>
    </form>
  );
}
