import type { ServerEvent } from '@parley/protocol';

/** An event about channel `gid`. */
export const about = (gid: number) => (e: ServerEvent) => 'gid' in e && e.gid === gid;

/** An event of `type` about channel `gid` (`joined_group` carries it in its group). */
export const ofType =
  <T extends ServerEvent['type']>(type: T, gid: number) =>
  (e: ServerEvent): e is Extract<ServerEvent, { type: T }> =>
    e.type === type &&
    (type === 'joined_group' ? (e as { group: { gid: number } }).group.gid === gid : about(gid)(e));

/** A `users_log` event with a row for `uid` doing `action`. */
export const isUsersLog = (uid: number, action: string) => (e: ServerEvent) =>
  e.type === 'users_log' && e.logs.some((l) => l.uid === uid && l.action === action);

/** A `voice_room_changed` event that leaves `room` with exactly the users `uids`. */
export const roomIs = (room: string, uids: number[]) => (e: ServerEvent) =>
  e.type === 'voice_room_changed' &&
  e.room === room &&
  e.members
    .map((m) => m.uid)
    .sort((a, b) => a - b)
    .join() === [...uids].sort((a, b) => a - b).join();
