import type { Message } from '../../lib/store';

export interface MentionQuery {
  /** Index of the `@`. */
  start: number;
  query: string;
}

/** The `@word` being typed just before the caret, if any (an `@` at the start or after a space). */
export function findMentionQuery(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)@([^\s@]{0,32})$/u.exec(before);
  if (!match) return null;
  const query = match[1] ?? '';
  return { start: caret - query.length - 1, query };
}

export interface PickedMention {
  uid: number;
  name: string;
}

/**
 * The wire form of a composed text: each picked `@Name` still present becomes ` @<uid> ` (API.md
 * §6.1), and `mentions` lists those uids once each.
 */
export function encodeMentions(
  text: string,
  picked: readonly PickedMention[],
): { content: string; mentions: number[] } {
  let content = text;
  const mentions: number[] = [];
  // Longer names first, so "@Ann Lee" is not taken as "@Ann".
  for (const { uid, name } of [...picked].sort((a, b) => b.name.length - a.name.length)) {
    const token = `@${name}`;
    if (!content.includes(token)) continue;
    content = content.split(token).join(` @${uid} `);
    if (!mentions.includes(uid)) mentions.push(uid);
  }
  if (mentions.length > 0) content = content.replace(/ {2,}@/g, ' @').replace(/(@\d+) {2,}/g, '$1 ');
  return { content: mentions.length > 0 ? content.trim() : text, mentions };
}

export type MentionPart = { kind: 'text'; text: string } | { kind: 'mention'; uid: number };

const MENTION_PATTERN = /(^|\s)@(\d{1,12})(?=\s|$|[.,;:!?)])/g;

/** Splits text into plain parts and `@<uid>` mentions. */
export function splitMentions(text: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const at = match.index + (match[1]?.length ?? 0);
    if (at > last) parts.push({ kind: 'text', text: text.slice(last, at) });
    parts.push({ kind: 'mention', uid: Number(match[2]) });
    last = at + 1 + (match[2]?.length ?? 0);
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** Whether a message mentions a user, by its `mentions` property or an `@<uid>` in the text. */
export function mentionsUser(message: Pick<Message, 'content' | 'properties'>, uid: number): boolean {
  const listed = message.properties?.mentions;
  if (Array.isArray(listed) && listed.some((value) => Number(value) === uid)) return true;
  return splitMentions(message.content).some((part) => part.kind === 'mention' && part.uid === uid);
}
