/**
 * Guest mode (docs/widget.md, SPEC §6): a guest's session is good only while guest mode is on.
 * Turning it off removes the guests (`services/guests.ts`); this rule also refuses a guest made
 * by a sign-in that raced the switch.
 */
import type { LoginConfig } from '@parley/protocol';
import type { UserRecord } from '../store/types.js';

export const isGuestAccount = (user: UserRecord): boolean => user.create_by === 'guest';

export function guestSessionAllowed(user: UserRecord, config: LoginConfig): boolean {
  return !isGuestAccount(user) || config.guest;
}

/**
 * What a guest sees of the people here: names, never e-mail addresses (a guest is anyone on the
 * web who opened a page with the widget). Applied to `GET /user`, `GET /user/{uid}` and the
 * user records of the event stream.
 */
export function forGuest<T extends { email: string | null }>(items: readonly T[]): T[] {
  return items.map((item) => (item.email === null ? item : { ...item, email: null }));
}

/** A live stream frame as a guest gets it: `users_log` rows lose their e-mail addresses. */
export function guestFrame(frame: string): string {
  if (!frame.startsWith('data: {"type":"users_log"')) return frame;
  const event = JSON.parse(frame.slice(6)) as { type: 'users_log'; logs: { email: string | null }[] };
  return `data: ${JSON.stringify({ ...event, logs: forGuest(event.logs) })}\n\n`;
}
