import { useMemo } from 'react';
import { renderMarkdown } from './markdown';

/** Its own chunk: marked and DOMPurify load only when a markdown message is shown, not with the chat screen. */
export default function MarkdownView({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className="message__text markdown" dir="auto" dangerouslySetInnerHTML={{ __html: html }} />;
}
