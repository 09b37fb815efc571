import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FileMessage } from '../files';
import { isMissedCall, MissedCall } from '../voice';
import { LinkPreview } from '../previews';
import type { Message } from '../../lib/store';
import { loadArchives } from './forward/load';
import { linkify } from './linkify';
import { Mention } from './mention-text';
import { splitMentions } from './mentions';

const MarkdownView = lazy(() => import('./markdown-view'));
const ArchiveView = lazy(loadArchives);

function Linked({ text }: { text: string }) {
  const parts = useMemo(() => linkify(text), [text]);
  return parts.map((part, index) =>
    part.kind === 'link' ? (
      <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
        {part.text}
      </a>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}

function PlainText({ text }: { text: string }) {
  const parts = useMemo(() => splitMentions(text), [text]);
  return (
    <div className="message__text" dir="auto">
      {parts.map((part, index) =>
        part.kind === 'mention' ? (
          <Mention key={index} uid={part.uid} />
        ) : (
          <Linked key={index} text={part.text} />
        ),
      )}
    </div>
  );
}

/** Until the markdown code has loaded, the source shows as plain text, so nothing blank flashes. */
function Markdown({ source }: { source: string }) {
  return (
    <Suspense fallback={<PlainText text={source} />}>
      <MarkdownView source={source} />
    </Suspense>
  );
}

export function MessageContent({ message }: { message: Message }) {
  const { t } = useTranslation('chat');
  if (isMissedCall(message)) return <MissedCall />;
  switch (message.contentType) {
    case 'text/plain':
      return (
        <>
          <PlainText text={message.content} />
          <LinkPreview text={message.content} conv={message.conv} />
        </>
      );
    case 'text/markdown':
      return (
        <>
          <Markdown source={message.content} />
          <LinkPreview text={message.content} conv={message.conv} />
        </>
      );
    case 'vocechat/file':
    case 'vocechat/audio':
      return (
        <FileMessage
          path={message.content}
          properties={message.properties}
          voice={message.contentType === 'vocechat/audio'}
        />
      );
    case 'vocechat/archive':
      return (
        <Suspense fallback={null}>
          <ArchiveView path={message.content} />
        </Suspense>
      );
    default:
      return <p className="message__note">{t('message.unsupported')}</p>;
  }
}
