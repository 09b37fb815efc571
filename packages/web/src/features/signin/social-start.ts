/** The login page's half of the GitHub and Google round trips: the request's state and where to come back. */
import { PENDING, type Pending } from './social-return';

const OIDC_PENDING = 'parley.oidc.pending';

/** 24 random bytes, base64url. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The redirect URI the providers send the browser back to: the server's root. */
export const socialRedirectUri = () => `${window.location.origin}/`;

export function markSocialPending(pending: Pending): void {
  sessionStorage.removeItem(OIDC_PENDING);
  sessionStorage.setItem(PENDING, JSON.stringify(pending));
}
