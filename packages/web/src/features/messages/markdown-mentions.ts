/**
 * Mentions in Markdown messages: ` @<uid> ` is swapped for private-use markers before rendering (so
 * Markdown never reads the name), and the markers become a mention span in the sanitised HTML, with
 * the name escaped.
 */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

export function markMentions(source: string): string {
  return source
    .replace(/[\uE000\uE001]/g, '')
    .replace(/(^|\s)@(\d{1,12})(?=\s|$|[.,;:!?)])/g, `$1${OPEN}$2${CLOSE}`);
}

export function showMentions(html: string, nameOf: (uid: number) => string, selfUid: number | null): string {
  return html.replace(/\uE000(\d{1,12})\uE001/g, (_match, digits: string) => {
    const uid = Number(digits);
    const cls = uid === selfUid ? 'mention mention--self' : 'mention';
    return `<span class="${cls}" data-testid="mention" data-uid="${uid}">@${escapeHtml(nameOf(uid))}</span>`;
  });
}
