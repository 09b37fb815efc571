import { useMemo } from 'react';
import { useAppSelector } from '../../lib/store';
import { renderMarkdown } from './markdown';
import { markMentions, showMentions } from './markdown-mentions';

/** Its own chunk: marked and DOMPurify load only when a markdown message is shown, not with the chat screen. */
export default function MarkdownView({ source }: { source: string }) {
  const users = useAppSelector((state) => state.users.byId);
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? null);
  const html = useMemo(
    () => showMentions(renderMarkdown(markMentions(source)), (uid) => users[uid]?.name ?? `${uid}`, selfUid),
    [source, users, selfUid],
  );
  return <div className="message__text markdown" dir="auto" dangerouslySetInnerHTML={{ __html: html }} />;
}
