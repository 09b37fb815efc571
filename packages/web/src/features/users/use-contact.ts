import type { ContactAction } from '@parley/protocol';
import { useState } from 'react';
import { updateContactStatus } from '../../lib/api';
import { dispatch, useAppSelector } from '../../lib/store';

export type ContactStatus = 'added' | 'blocked' | undefined;

/**
 * The signed-in user's contact status for `uid` and the four changes (API.md §4.3). The server
 * tells the user's other devices (`user_settings_changed`), not this one, so the change is applied
 * here once the server accepted it; the other person is never told.
 */
export function useContact(uid: number) {
  const status = useAppSelector((state): ContactStatus => state.chatSettings.contacts[uid]);
  const [busy, setBusy] = useState(false);

  const act = async (action: ContactAction) => {
    setBusy(true);
    try {
      await updateContactStatus(action, uid);
      if (action === 'add' || action === 'block') {
        const next = action === 'add' ? ('added' as const) : ('blocked' as const);
        dispatch({
          type: 'settings/changed',
          change: { add_contacts: [{ target_uid: uid, info: { status: next } }] },
        });
      } else if (action === 'remove' || status === 'blocked') {
        dispatch({ type: 'settings/changed', change: { remove_contacts: [uid] } });
      }
    } catch {
      // The API client already showed the failure.
    } finally {
      setBusy(false);
    }
  };

  return { status, busy, act };
}
