/**
 * Open Graph data from a page's HTML (API.md §7.4), read with a tag scanner rather than a DOM: only
 * `<meta>`, `<link>` and `<title>` matter, and nothing in the page runs. Every URL is made absolute
 * against the page and kept only when it is http(s); texts are decoded and shortened.
 */
import type { OpenGraph } from '@parley/protocol';

const MAX_TEXT = 500;
const MAX_MEDIA = 4;
/** Control characters, zero-width and bidi controls: a title must not reorder or hide text around it. */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

export const emptyOpenGraph = (): OpenGraph => ({
  type: '',
  title: '',
  url: '',
  images: [],
  audios: [],
  videos: [],
});

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : '';
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** Decoded, without control characters and runs of white space, at most MAX_TEXT characters. */
function clean(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const out = decodeEntities(text).replace(INVISIBLE, ' ');
  const squeezed = out.replace(/\s+/g, ' ').trim();
  return squeezed.length > MAX_TEXT ? `${squeezed.slice(0, MAX_TEXT - 1)}…` : squeezed;
}

function absolute(raw: string | undefined, base: string): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(decodeEntities(raw.trim()), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /([a-zA-Z_:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g;
  for (let m = re.exec(tag); m; m = re.exec(tag)) {
    const name = m[1]!.toLowerCase();
    if (!(name in out)) out[name] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

/** The text of the page: in the charset its header or a `<meta charset>` names, else UTF-8. */
export function decodePage(body: Buffer, headerCharset: string | undefined): string {
  const head = body.subarray(0, 2048).toString('latin1');
  const charset = headerCharset ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

type Media = { url: string } & Record<string, string | number | undefined>;

export function parseOpenGraph(html: string, pageUrl: string): OpenGraph {
  const og = emptyOpenGraph();
  // Only the head matters; a body full of tags costs nothing to skip.
  const end = html.search(/<\/head\s*>|<body[\s>]/i);
  const head = end >= 0 ? html.slice(0, end) : html;
  const props: [string, string][] = [];
  const names: Record<string, string> = {};
  let favicon: string | undefined;
  for (const m of head.matchAll(/<(meta|link)\b([^>]*)>/gi)) {
    const a = attributes(m[2]!);
    if (m[1]!.toLowerCase() === 'link') {
      const rel = (a.rel ?? '').toLowerCase().split(/\s+/);
      if (!favicon && (rel.includes('icon') || rel.includes('apple-touch-icon'))) favicon = a.href;
      continue;
    }
    const content = a.content;
    if (content === undefined) continue;
    if (a.property) props.push([a.property.toLowerCase(), content]);
    else if (a.name) names[a.name.toLowerCase()] = content;
  }
  const media: Record<'image' | 'audio' | 'video', Media[]> = { image: [], audio: [], video: [] };
  const text: Record<string, string> = {};
  const alternates: string[] = [];
  for (const [property, content] of props) {
    const kind = /^og:(image|audio|video)(?::(url|secure_url|type|width|height|alt))?$/.exec(property);
    if (kind) {
      const list = media[kind[1] as 'image' | 'audio' | 'video'];
      const field = kind[2] ?? 'url';
      if (field === 'url' && (list.length === 0 || list[list.length - 1]!.url !== '' || !kind[2]))
        list.push({ url: '' });
      const last = list[list.length - 1];
      if (!last) continue;
      if (field === 'url' || field === 'secure_url') {
        const url = absolute(content, pageUrl);
        if (url && field === 'url') last.url = url;
        if (url && field === 'secure_url') last.secure_url = url;
      } else if (field === 'width' || field === 'height') {
        const n = Number(content);
        if (Number.isInteger(n) && n > 0 && n < 100_000) last[field] = n;
      } else last[field] = clean(content);
    } else if (property === 'og:locale:alternate') alternates.push(clean(content) ?? '');
    else if (property.startsWith('og:') && !(property in text)) text[property] = content;
  }
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1];
  og.type = clean(text['og:type']) ?? '';
  og.title = clean(text['og:title'] ?? names['twitter:title'] ?? title) ?? '';
  og.url = absolute(text['og:url'], pageUrl) ?? pageUrl;
  const fallbackImage = absolute(names['twitter:image'], pageUrl);
  if (media.image.every((i) => !i.url) && fallbackImage) media.image = [{ url: fallbackImage }];
  const keep = (list: Media[]): Media[] =>
    list
      .map((m): Media => ({ ...m, url: m.url || (m.secure_url as string | undefined) || '' }))
      .filter((m) => m.url)
      .slice(0, MAX_MEDIA);
  og.images = keep(media.image) as OpenGraph['images'];
  og.audios = keep(media.audio).map(({ url, secure_url, type }) => ({
    url,
    ...(secure_url !== undefined && { secure_url: String(secure_url) }),
    ...(type !== undefined && { type: String(type) }),
  }));
  og.videos = keep(media.video) as OpenGraph['videos'];
  const description = clean(text['og:description'] ?? names.description ?? names['twitter:description']);
  if (description) og.description = description;
  const siteName = clean(text['og:site_name']);
  if (siteName) og.site_name = siteName;
  const locale = clean(text['og:locale']);
  if (locale) og.locale = locale;
  if (alternates.length) og.locale_alternate = alternates.filter(Boolean).slice(0, 20);
  const icon = absolute(favicon, pageUrl);
  if (icon) og.favicon_url = icon;
  return og;
}
