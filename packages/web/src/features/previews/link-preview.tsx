import type { OpenGraph } from '@parley/protocol';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstLink, hasContent } from './first-link';
import { loadPreview, proxiedImageUrl } from './load-preview';

/** Starts true once the element has come near the viewport: cards off screen fetch nothing. */
function useNearViewport(ref: React.RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function PreviewImage({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void proxiedImageUrl(url).then((value) => live && setSrc(value));
    return () => {
      live = false;
    };
  }, [url]);
  if (!src || failed) return null;
  return (
    <img className="link-preview__image" src={src} alt="" loading="lazy" onError={() => setFailed(true)} />
  );
}

function Card({ link, preview }: { link: string; preview: OpenGraph }) {
  const { t } = useTranslation('previews');
  const target = /^https?:\/\//i.test(preview.url) ? preview.url : link;
  const image = preview.images[0]?.secure_url ?? preview.images[0]?.url;
  return (
    <a
      className="link-preview"
      href={target}
      target="_blank"
      rel="noopener noreferrer nofollow"
      aria-label={t('card.label', { title: preview.title || hostOf(target) })}
    >
      {image && <PreviewImage url={image} />}
      <span className="link-preview__body">
        <span className="link-preview__site">{preview.site_name || hostOf(target)}</span>
        {preview.title && <span className="link-preview__title">{preview.title}</span>}
        {preview.description && <span className="link-preview__description">{preview.description}</span>}
      </span>
    </a>
  );
}

/** The card under a message with a link: fetched once the message is near the screen, never blocking it. */
export function LinkPreview({ text }: { text: string }) {
  const link = useMemo(() => firstLink(text), [text]);
  const probe = useRef<HTMLDivElement>(null);
  const near = useNearViewport(probe);
  const [preview, setPreview] = useState<OpenGraph | null>(null);
  useEffect(() => {
    if (!near || !link) return;
    let live = true;
    void loadPreview(link).then((value) => live && setPreview(value));
    return () => {
      live = false;
    };
  }, [near, link]);
  if (!link) return null;
  if (!hasContent(preview)) return <div ref={probe} className="link-preview__probe" aria-hidden="true" />;
  return <Card link={link} preview={preview} />;
}
