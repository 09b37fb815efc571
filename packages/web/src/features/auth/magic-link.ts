/**
 * The token of an emailed link. Login links carry it before the hash
 * (`/?magic_token=…&exists=true#/login`); set-name links too (`/?email=…&magic_token=…#/register/set_name`).
 */
export interface MagicLink {
  token: string;
  /** `exists=false`: the address has no account yet, so the link signs up. */
  exists: boolean;
}

export function readMagicLink(search: string): MagicLink | null {
  const params = new URLSearchParams(search);
  const token = params.get('magic_token');
  if (!token) return null;
  return { token, exists: params.get('exists') !== 'false' };
}

/** Keeps a spent token out of the address bar, so a reload does not try it again. */
export function forgetMagicToken(): void {
  if (new URLSearchParams(window.location.search).has('magic_token')) {
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.hash}`);
  }
}
