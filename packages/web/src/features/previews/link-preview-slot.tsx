import { lazy, Suspense, useMemo } from 'react';
import { parseConv, useAppSelector, type ConvKey } from '../../lib/store';
import { channelPreviewsOn } from './channel-previews';
import { firstLink } from './first-link';

const LinkPreviewCard = lazy(() => import('./link-preview').then((m) => ({ default: m.LinkPreview })));

/**
 * Where a message's link preview goes. The card's code loads with the first message that has a
 * link, so the first chat screen does not carry it.
 */
export function LinkPreview({ text, conv }: { text: string; conv?: ConvKey }) {
  const hasLink = useMemo(() => firstLink(text) !== null, [text]);
  // A channel's owner may turn previews off for the channel (its `ext_setting`).
  const allowed = useAppSelector((state) => {
    if (!conv) return true;
    const { kind, id } = parseConv(conv);
    return kind !== 'group' || channelPreviewsOn(state.groups.byId[id]?.ext_setting);
  });
  if (!hasLink || !allowed) return null;
  return (
    <Suspense fallback={null}>
      <LinkPreviewCard text={text} />
    </Suspense>
  );
}
