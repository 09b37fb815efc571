/**
 * The GitHub and Google round trips in the browser. The login page makes a random `state` (and
 * Google's `nonce`), keeps them in sessionStorage and sends the browser to the provider, which
 * returns to the server's root: GitHub with `?code=…&state=…`, Google with
 * `#id_token=…&state=…`. `captureSocialReturn` runs before the router starts (a fragment of
 * `id_token=…` is no route): it checks the state (and the ID token's nonce), keeps the answer in
 * memory and leaves only `#/login` in the address bar.
 */
export const PENDING = 'parley.social.pending';

export type SocialProvider = 'github' | 'google';

export interface Pending {
  provider: SocialProvider;
  state: string;
  nonce?: string;
}

export type SocialReturn =
  | { provider: 'github'; credential: { type: 'github'; code: string } }
  | { provider: 'google'; credential: { type: 'google'; id_token: string } }
  | { provider: SocialProvider; credential: null };

let captured: SocialReturn | null = null;

function readPending(): Pending | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(PENDING) ?? 'null') as Pending | null;
    return value && (value.provider === 'github' || value.provider === 'google') ? value : null;
  } catch {
    return null;
  }
}

function nonceOf(idToken: string): unknown {
  try {
    const part = (idToken.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    return (JSON.parse(atob(part)) as { nonce?: unknown }).nonce;
  } catch {
    return undefined;
  }
}

/** What the provider sent back, when the browser is returning from one; null otherwise. */
export function readSocialReturn(pending: Pending | null, search: string, hash: string): SocialReturn | null {
  if (!pending) return null;
  if (pending.provider === 'github') {
    const params = new URLSearchParams(search);
    if (!params.has('state')) return null;
    const code = params.get('code');
    const ok = params.get('state') === pending.state && code;
    return { provider: 'github', credential: ok ? { type: 'github', code } : null };
  }
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.has('state')) return null;
  const idToken = params.get('id_token');
  const ok = params.get('state') === pending.state && idToken && nonceOf(idToken) === pending.nonce;
  return { provider: 'google', credential: ok ? { type: 'google', id_token: idToken } : null };
}

/** Runs once at start-up, before the router reads the address. */
export function captureSocialReturn(): void {
  const found = readSocialReturn(readPending(), window.location.search, window.location.hash);
  if (!found) return;
  sessionStorage.removeItem(PENDING);
  captured = found;
  window.history.replaceState(null, '', `${window.location.pathname}#/login`);
}

/** The captured return (null when none, or once it was spent). */
export const peekSocialReturn = (): SocialReturn | null => captured;
export function forgetSocialReturn(): void {
  captured = null;
}
