import type { Contact } from '@parley/protocol';
import { groupConv, userConv } from '../conversation';
import { initialChatSettingsState, type ChatSettingsState, type ConvKey } from '../state';
import type { SliceAction } from './slice-action';

type Target = { uid: number } | { gid: number };
const keyOf = (target: Target): ConvKey => ('uid' in target ? userConv(target.uid) : groupConv(target.gid));

/**
 * The user's own settings per conversation (mute, pinned chats, auto-delete) and contacts, from
 * the initial `user_settings`, `user_settings_changed` of other devices, and this device's own
 * changes (API.md §9.3).
 */
export function chatSettingsReducer(state: ChatSettingsState, action: SliceAction): ChatSettingsState {
  switch (action.type) {
    case 'auth/cleared':
      return initialChatSettingsState;
    case 'contacts/loaded':
      return { ...state, contacts: contactMap(action.contacts) };
    case 'settings/changed':
      return applyChange(state, action.change);
    case 'stream/event': {
      const { event } = action;
      if (event.type === 'user_settings') {
        const mutes: ChatSettingsState['mutes'] = {};
        for (const m of event.mute_users) mutes[userConv(m.uid)] = m.expired_at;
        for (const m of event.mute_groups) mutes[groupConv(m.gid)] = m.expired_at;
        const burn: ChatSettingsState['burn'] = {};
        for (const b of event.burn_after_reading_users) burn[userConv(b.uid)] = b.expires_in;
        for (const b of event.burn_after_reading_groups) burn[groupConv(b.gid)] = b.expires_in;
        const pins: ChatSettingsState['pins'] = {};
        for (const p of event.pinned_chats) pins[keyOf(p.target)] = p.updated_at;
        return { ...state, mutes, burn, pins };
      }
      if (event.type === 'user_settings_changed') return applyChange(state, event);
      return state;
    }
    default:
      return state;
  }
}

export interface SettingsChange {
  add_mute_users?: { uid: number; expired_at: number | null }[];
  add_mute_groups?: { gid: number; expired_at: number | null }[];
  remove_mute_users?: number[];
  remove_mute_groups?: number[];
  burn_after_reading_users?: { uid: number; expires_in: number }[];
  burn_after_reading_groups?: { gid: number; expires_in: number }[];
  add_pin_chats?: { target: Target; updated_at: number }[];
  remove_pin_chats?: Target[];
  add_contacts?: { target_uid: number; info: { status: 'added' | 'blocked' | '' } }[];
  remove_contacts?: number[];
}

function applyChange(state: ChatSettingsState, change: SettingsChange): ChatSettingsState {
  let { mutes, burn, pins, contacts } = state;
  const edit = <T extends object>(map: T, fn: (copy: T) => void): T => {
    const copy = { ...map };
    fn(copy);
    return copy;
  };
  const muteAdds = [
    ...(change.add_mute_users ?? []).map((m) => [userConv(m.uid), m.expired_at] as const),
    ...(change.add_mute_groups ?? []).map((m) => [groupConv(m.gid), m.expired_at] as const),
  ];
  const muteRemoves = [
    ...(change.remove_mute_users ?? []).map(userConv),
    ...(change.remove_mute_groups ?? []).map(groupConv),
  ];
  if (muteAdds.length + muteRemoves.length > 0) {
    mutes = edit(mutes, (m) => {
      for (const [key, at] of muteAdds) m[key] = at;
      for (const key of muteRemoves) delete m[key];
    });
  }
  const burns = [
    ...(change.burn_after_reading_users ?? []).map((b) => [userConv(b.uid), b.expires_in] as const),
    ...(change.burn_after_reading_groups ?? []).map((b) => [groupConv(b.gid), b.expires_in] as const),
  ];
  if (burns.length > 0) {
    burn = edit(burn, (b) => {
      for (const [key, seconds] of burns) {
        if (seconds > 0) b[key] = seconds;
        else delete b[key];
      }
    });
  }
  if ((change.add_pin_chats?.length ?? 0) + (change.remove_pin_chats?.length ?? 0) > 0) {
    pins = edit(pins, (p) => {
      for (const pin of change.add_pin_chats ?? []) p[keyOf(pin.target)] = pin.updated_at;
      for (const target of change.remove_pin_chats ?? []) delete p[keyOf(target)];
    });
  }
  if ((change.add_contacts?.length ?? 0) + (change.remove_contacts?.length ?? 0) > 0) {
    contacts = edit(contacts, (c) => {
      for (const add of change.add_contacts ?? []) {
        if (add.info.status === '') delete c[add.target_uid];
        else c[add.target_uid] = add.info.status;
      }
      for (const uid of change.remove_contacts ?? []) delete c[uid];
    });
  }
  return mutes === state.mutes && burn === state.burn && pins === state.pins && contacts === state.contacts
    ? state
    : { mutes, burn, pins, contacts };
}

function contactMap(list: readonly Contact[]): ChatSettingsState['contacts'] {
  const map: ChatSettingsState['contacts'] = {};
  for (const c of list) if (c.contact_info.status !== '') map[c.target_uid] = c.contact_info.status;
  return map;
}

/** Whether a conversation is muted at `now` (an expired mute no longer counts). */
export function isMuted(state: ChatSettingsState, key: ConvKey, now: number): boolean {
  if (!(key in state.mutes)) return false;
  const until = state.mutes[key];
  return until === null || until === undefined || until > now;
}
