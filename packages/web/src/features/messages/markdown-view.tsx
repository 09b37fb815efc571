import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../lib/store';
import { loadCodeEnhancer, showImageOnClick } from '../previews';
import { renderMarkdown } from './markdown';
import { markMentions, showMentions } from './markdown-mentions';

/** Its own chunk: marked and DOMPurify load only when a markdown message is shown, not with the chat screen. */
export default function MarkdownView({ source }: { source: string }) {
  const { t } = useTranslation('previews');
  const users = useAppSelector((state) => state.users.byId);
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? null);
  const html = useMemo(
    () => showMentions(renderMarkdown(markMentions(source)), (uid) => users[uid]?.name ?? `${uid}`, selfUid),
    [source, users, selfUid],
  );
  const root = useRef<HTMLDivElement>(null);
  const labels = useMemo(() => ({ copy: t('code.copy'), copied: t('code.copied') }), [t]);
  // Images are links until clicked; the hint says what a click does.
  useEffect(() => {
    for (const link of root.current?.querySelectorAll<HTMLAnchorElement>('a.markdown__image-link') ?? [])
      link.title = t('image.show');
  }, [html, t]);
  // Code blocks are highlighted after the text shows, by a chunk loaded only when there is one.
  useEffect(() => {
    const element = root.current;
    if (!element?.querySelector('pre > code')) return;
    let live = true;
    void loadCodeEnhancer().then((enhance) => live && enhance(element, labels));
    return () => {
      live = false;
    };
  }, [html, labels]);
  return (
    <div
      ref={root}
      className="message__text markdown"
      dir="auto"
      // Clicks on image links inside the HTML (links, so reachable by keyboard: Enter clicks them).
      onClick={(event) => showImageOnClick(event.nativeEvent, t('image.failed'))}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
