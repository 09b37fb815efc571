import type { OpenGraph } from '@parley/protocol';

const LINK = /\bhttps?:\/\/[^\s<>"'`)\]]+[^\s<>"'`.,;:!?)\]}]/i;

/** The first http(s) link of a message, which gets the card. */
export function firstLink(text: string): string | null {
  return LINK.exec(text)?.[0] ?? null;
}

/** Whether a preview has anything to show. */
export const hasContent = (p: OpenGraph | null): p is OpenGraph => Boolean(p && (p.title || p.description));
