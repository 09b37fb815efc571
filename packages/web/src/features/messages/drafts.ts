import { getState, type ConvKey } from '../../lib/store';

const MARKDOWN_KEY = 'parley.composer.markdown';
const DRAFTS_KEY = 'parley.drafts';

interface Draft {
  text?: string;
  reply?: number;
}

type Drafts = Record<string, Draft>;

/** Drafts belong to the signed-in user: another account on this browser never sees them. */
const keyOf = (conv: ConvKey) => `${getState().auth?.user.uid ?? 0}:${conv}`;

function readAll(): Drafts {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DRAFTS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Drafts) : {};
  } catch {
    return {};
  }
}

function update(conv: ConvKey, change: (draft: Draft) => Draft): void {
  const all = readAll();
  const key = keyOf(conv);
  const next = change(all[key] ?? {});
  if (next.text || next.reply) all[key] = next;
  else delete all[key];
  try {
    localStorage.setItem(DRAFTS_KEY, JSON.stringify(all));
  } catch {
    /* storage full or unavailable: the draft lasts for this page only */
  }
}

/** Unsent text per conversation, kept in local storage so a reload loses nothing. */
export function readDraft(conv: ConvKey): string {
  const text = readAll()[keyOf(conv)]?.text;
  return typeof text === 'string' ? text : '';
}

export function writeDraft(conv: ConvKey, text: string): void {
  update(conv, (draft) => ({ ...draft, text: text || undefined }));
}

/** The reply-to target kept for a conversation, if any. */
export function readReplyTarget(conv: ConvKey): number | null {
  const reply = readAll()[keyOf(conv)]?.reply;
  return typeof reply === 'number' ? reply : null;
}

export function saveReplyTarget(conv: ConvKey, mid: number | null): void {
  update(conv, (draft) => ({ ...draft, reply: mid ?? undefined }));
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
