/**
 * Markdown messages as HTML that is safe to insert, in two layers. `markdownToHtml` renders with
 * marked but never passes the author's own HTML through (it shows as text, so no `style`, no
 * elements of their choosing), shows images as links (loading one would tell its host who read
 * the message and from where; the CSP blocks them as well), and keeps links only to http(s) and
 * mailto: others become plain text that does not look clickable. `renderMarkdown` then runs
 * DOMPurify over the result in case marked itself ever lets something through.
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const SAFE_URL = /^(?:https?:\/\/|mailto:)/i;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

export const isSafeUrl = (href: string) => SAFE_URL.test(href.trim());

const neutralised = (innerHtml: string) => `<span class="markdown__neutralised">${innerHtml}</span>`;

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html({ text, block }) {
      return block ? `<p>${escapeHtml(text)}</p>` : escapeHtml(text);
    },
    image({ href, text }) {
      const label = escapeHtml(text || href);
      if (!/^https?:\/\//i.test(href.trim())) return neutralised(label);
      return `<a class="markdown__image-link" href="${escapeHtml(href.trim())}">${label}</a>`;
    },
    link({ href, tokens }) {
      if (!isSafeUrl(href)) return neutralised(this.parser.parseInline(tokens));
      return false;
    },
  },
});

/** Markdown to HTML with the author's HTML escaped, images as links and unsafe links as text. */
export function markdownToHtml(source: string): string {
  return marked.parse(source) as string;
}

let hooked = false;

function ensureLinkHook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    if (!node.hasAttribute('href')) {
      node.setAttribute('class', 'markdown__neutralised');
      return;
    }
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  });
}

/** `markdownToHtml`, sanitised: what the message list inserts. */
export function renderMarkdown(source: string): string {
  ensureLinkHook();
  return DOMPurify.sanitize(markdownToHtml(source), {
    USE_PROFILES: { html: true },
    ALLOWED_URI_REGEXP: SAFE_URL,
    FORBID_TAGS: [
      'style',
      'form',
      'input',
      'button',
      'img',
      'picture',
      'video',
      'audio',
      'source',
      'iframe',
      'svg',
      'math',
    ],
    FORBID_ATTR: ['style', 'src', 'srcset', 'background', 'poster', 'id', 'name'],
  });
}
