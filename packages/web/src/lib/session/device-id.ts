const DEVICE_KEY = 'parley.device';
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-';

function randomId(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => ALPHABET[byte & 63]).join('');
}

/** The device a token is bound to: `web:<random>`, kept across sessions (API.md §1.4). */
export function getDeviceId(): string {
  try {
    const stored = localStorage.getItem(DEVICE_KEY);
    if (stored?.startsWith('web:')) return stored;
    const created = `web:${randomId(21)}`;
    localStorage.setItem(DEVICE_KEY, created);
    return created;
  } catch {
    return `web:${randomId(21)}`;
  }
}
