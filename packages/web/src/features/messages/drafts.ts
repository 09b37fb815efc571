import type { ConvKey } from '../../lib/store';

const MARKDOWN_KEY = 'parley.composer.markdown';

/** Unsent text per conversation, kept for the page's lifetime so switching chats loses nothing. */
const drafts = new Map<ConvKey, string>();

export const readDraft = (conv: ConvKey) => drafts.get(conv) ?? '';

export function writeDraft(conv: ConvKey, text: string): void {
  if (text) drafts.set(conv, text);
  else drafts.delete(conv);
}

/** Markdown is the default composing mode, like most team chats; the choice is remembered. */
export function readMarkdownPreference(): boolean {
  try {
    return localStorage.getItem(MARKDOWN_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function writeMarkdownPreference(markdown: boolean): void {
  try {
    localStorage.setItem(MARKDOWN_KEY, markdown ? 'on' : 'off');
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
}
