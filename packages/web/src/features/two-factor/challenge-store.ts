import { useSyncExternalStore } from 'react';
import { isApiError } from '../../lib/api';

/**
 * The sign-in waiting for its second factor: the `mfa_token` of a `POST /token/login` that answered
 * 401 `totp_required` (docs/api.md, "Two-factor sign-in"). Whichever way the sign-in started
 * (password, mail link, an outside provider), the login page then asks for the code.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

function set(value: string | null): void {
  current = value;
  for (const listener of listeners) listener();
}

/** True, and the code is asked for, when `error` is a sign-in that needs a second factor. */
export function askSecondFactor(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 401 || error.reason !== 'totp_required') return false;
  try {
    const token = (JSON.parse(error.body) as { mfa_token?: unknown }).mfa_token;
    if (typeof token !== 'string') return false;
    set(token);
    return true;
  } catch {
    return false;
  }
}

export const clearSecondFactor = (): void => set(null);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The pending sign-in's `mfa_token`, or null. */
export const useSecondFactor = (): string | null => useSyncExternalStore(subscribe, () => current);
