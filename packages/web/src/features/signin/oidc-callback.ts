/**
 * The OpenID Connect round trip in the browser: the issuer sends the browser back to the server's
 * root with `?code=…&state=…` (the redirect URI carries no query or fragment, API.md §2.2); the
 * login page finishes sign-in with them. A pending marker in sessionStorage tells this callback
 * from any other query.
 */
const PENDING = 'parley.oidc.pending';

export interface OidcCallback {
  code: string;
  state: string;
}

/** The redirect URI for this server: its root. */
export const oidcRedirectUri = () => `${window.location.origin}/`;

export function markOidcPending(): void {
  sessionStorage.removeItem('parley.social.pending');
  sessionStorage.setItem(PENDING, '1');
}

export function readOidcCallback(search: string): OidcCallback | null {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state || sessionStorage.getItem(PENDING) !== '1') return null;
  return { code, state };
}

/** Keeps the spent code out of the address bar (and the pending marker out of storage). */
export function forgetOidcCallback(): void {
  sessionStorage.removeItem(PENDING);
  window.history.replaceState(null, '', `${window.location.pathname}#/login`);
}
