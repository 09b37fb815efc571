import { LIMITS } from '@parley/protocol';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { useAppSelector, type ConvKey } from '../../lib/store';
import { IconButton, MarkdownIcon, SendIcon } from '../../ui';
import { readDraft, readMarkdownPreference, writeDraft, writeMarkdownPreference } from './drafts';
import { useSendMessage } from './use-send-message';

interface ComposerProps {
  conv: ConvKey;
  placeholder: string;
}

/** Enter sends, Shift+Enter starts a new line; the toggle switches between plain text and Markdown. */
export function Composer({ conv, placeholder }: ComposerProps) {
  const { t } = useTranslation('chat');
  const online = useAppSelector((state) => state.online);
  const send = useSendMessage(conv);
  const [text, setText] = useState(() => readDraft(conv));
  const [markdown, setMarkdown] = useState(readMarkdownPreference);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const update = (nextText: string) => {
    setText(nextText);
    writeDraft(conv, nextText);
  };

  const toggleMarkdown = () => {
    setMarkdown(!markdown);
    writeMarkdownPreference(!markdown);
  };

  const submit = async () => {
    if (!online || text.trim() === '') return;
    if (new TextEncoder().encode(text).length > LIMITS.messageMaxBytes) {
      toast.error(t('composer.too_long'));
      return;
    }
    const content = text;
    update('');
    const sent = await send(content, markdown ? 'text/markdown' : 'text/plain');
    // Give the words back when sending failed and nothing new was typed meanwhile.
    if (!sent && inputRef.current?.value === '') update(content);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
    inputRef.current?.focus();
  };

  return (
    <form className="composer" onSubmit={onSubmit} data-testid="composer-form">
      <label className="visually-hidden" htmlFor={`composer-${conv}`}>
        {placeholder}
      </label>
      <textarea
        id={`composer-${conv}`}
        ref={inputRef}
        className="composer__input"
        dir="auto"
        rows={1}
        value={text}
        placeholder={online ? placeholder : t('composer.offline')}
        disabled={!online}
        autoFocus={window.matchMedia('(pointer: fine)').matches}
        onChange={(event) => update(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={`composer-hint-${conv}`}
        data-testid="composer"
        data-markdown={markdown || undefined}
      />
      <div className="composer__tools">
        <IconButton
          label={markdown ? t('composer.markdown_on') : t('composer.markdown_off')}
          pressed={markdown}
          onClick={toggleMarkdown}
          disabled={!online}
          data-testid="composer-markdown-toggle"
        >
          <MarkdownIcon />
        </IconButton>
        <IconButton
          type="submit"
          className="composer__send"
          label={t('composer.send')}
          disabled={!online || text.trim() === ''}
          data-testid="composer-send"
        >
          <SendIcon />
        </IconButton>
      </div>
      <p id={`composer-hint-${conv}`} className="composer__hint">
        {markdown ? t('composer.hint_markdown') : t('composer.hint')}
      </p>
    </form>
  );
}
