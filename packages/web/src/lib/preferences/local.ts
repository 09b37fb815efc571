import type { OwnMessagesSide } from '@parley/protocol';

/**
 * The preferences this browser keeps besides the theme (lib/theme) and the language (lib/i18n):
 * the side of the user's own messages and the message sound. The side is put on the page by the
 * inline script of `index.html` before the first paint (keep the key in step with it), so the
 * layout is right before the server's copy arrives (docs/preferences.md).
 */
const SIDE_KEY = 'parley.own-messages';
const SOUND_KEY = 'parley.message-sound';

/** A local-storage value, or null when absent or storage is blocked. */
export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked (private mode, sandboxed frame)
  }
}

/** Stores a value; when storage is blocked the choice lasts for this page only. */
export function writeLocal(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* the choice lasts for this page only */
  }
}

/** The side this user chose, or null: then the server's `chat_layout_mode` decides. */
export const storedSide = (): OwnMessagesSide | null => {
  const side = readLocal(SIDE_KEY);
  return side === 'left' || side === 'right' ? side : null;
};
export const readMessageSound = (): boolean => readLocal(SOUND_KEY) === '1';

/** Puts the chosen side on `<html data-own-messages>`, which the message list's CSS follows. */
export function applyOwnMessagesSide(side: OwnMessagesSide | null = storedSide()): void {
  if (side) document.documentElement.dataset.ownMessages = side;
  else delete document.documentElement.dataset.ownMessages;
}

export function storeOwnMessagesSide(side: OwnMessagesSide): void {
  writeLocal(SIDE_KEY, side);
  applyOwnMessagesSide(side);
}

export function storeMessageSound(on: boolean): void {
  writeLocal(SOUND_KEY, on ? '1' : '0');
}
