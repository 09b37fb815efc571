import { useEffect, useState } from 'react';
import { getLoginConfigQuietly } from '../lib/api';

/** Read once per page: whether the server lets visitors in as guests (false when unreadable). */
let guestMode: Promise<boolean> | null = null;
let known: boolean | null = null;

/** The guest-mode setting (SPEC §4 auth guard), or null while it is not known yet. */
export function useGuestMode(): boolean | null {
  const [value, setValue] = useState<boolean | null>(known);
  useEffect(() => {
    if (known !== null) return undefined;
    let active = true;
    guestMode ??= getLoginConfigQuietly()
      .then((config) => config.guest)
      .catch(() => false);
    void guestMode.then((guest) => {
      known = guest;
      if (active) setValue(guest);
    });
    return () => {
      active = false;
    };
  }, []);
  return value;
}
