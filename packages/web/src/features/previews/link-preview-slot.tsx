import { lazy, Suspense, useMemo } from 'react';
import { firstLink } from './first-link';

const LinkPreviewCard = lazy(() => import('./link-preview').then((m) => ({ default: m.LinkPreview })));

/**
 * Where a message's link preview goes. The card's code loads with the first message that has a
 * link, so the first chat screen does not carry it.
 */
export function LinkPreview({ text }: { text: string }) {
  const hasLink = useMemo(() => firstLink(text) !== null, [text]);
  if (!hasLink) return null;
  return (
    <Suspense fallback={null}>
      <LinkPreviewCard text={text} />
    </Suspense>
  );
}
