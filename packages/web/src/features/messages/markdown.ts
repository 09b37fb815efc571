import DOMPurify from 'dompurify';
import { marked } from 'marked';

let hooked = false;

function ensureLinkHook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
}

/** Markdown to HTML that is safe to insert: marked renders, DOMPurify strips scripts, handlers and bad URLs. */
export function renderMarkdown(source: string): string {
  ensureLinkHook();
  const html = marked.parse(source, { async: false, gfm: true, breaks: true });
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button'],
  });
}
