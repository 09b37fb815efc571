/**
 * Bootstrap, act, compare (Zulip's `verify_action`, STYLE §5): a client's state built from a
 * stream's initial sync plus the live events an action caused must equal the state a fresh client
 * builds from a new stream's initial sync. Both are reduced with the web client's own reducers, so
 * a missing publish, a wrong audience or a reducer that misreads an event makes the states differ.
 */
import type { Contact, Organization, ServerEvent, UserInfo } from '@parley/protocol';
import { expect } from 'vitest';
import type { Action } from '../../../web/src/lib/store/actions.js';
import { rootReducer } from '../../../web/src/lib/store/root-reducer.js';
import { createInitialState, type AppState } from '../../../web/src/lib/store/state.js';
import type { TestServer, TestUser } from './server.js';
import { sendText } from './server.js';
import { openTestStream } from './sse.js';

/** Login time for `auth/loggedIn`: a constant, so the two states' token expiry is the same. */
const LOGIN_AT = 0;

export interface VerifyActionOptions {
  /** A user the barrier message goes to (the subject's own copy of it ends the live events). */
  peer: TestUser;
  /** The live event types the action must cause, in order. */
  events: ServerEvent['type'][];
}

/**
 * Runs `act` between a bootstrap and a fresh one for `user` and demands equal normalised states.
 * Returns the live events the action caused, for further assertions.
 */
export async function verifyAction(
  t: TestServer,
  user: TestUser,
  act: () => Promise<unknown>,
  options: VerifyActionOptions,
): Promise<ServerEvent[]> {
  const first = await openTestStream(t.url, user.token);
  let live: AppState;
  let caused: ServerEvent[];
  try {
    await first.ready();
    const synced = first.events.length;
    live = await bootstrap(t, user, first.events);
    await act();
    // The subject's copy of its own message comes after everything the action published to it.
    const barrier = (await sendText(t, user, { uid: options.peer.uid }, 'barrier')).json as number;
    await first.waitFor((e) => e.type === 'chat' && e.mid === barrier);
    if (first.invalid) throw first.invalid;
    const after = first.events.slice(synced);
    live = rootReducer(live, { type: 'stream/events', events: after });
    // The action's events: those before the barrier (the read that brings the barrier can bring
    // later events too, a presence change say: cutting off the last event instead once left the
    // barrier among them, sqlite at load 24), without presence (see normalise) and without the
    // heartbeat, a timer that fires 15 s into the stream whatever the action.
    const end = after.findIndex((e) => e.type === 'chat' && e.mid === barrier);
    caused = after.slice(0, end).filter((e) => e.type !== 'users_state_changed' && e.type !== 'heartbeat');
  } finally {
    first.close();
  }

  // The same device again: the first stream is closed, so the server sends no `kick` to it.
  const second = await openTestStream(t.url, user.token);
  try {
    await second.ready();
    if (second.invalid) throw second.invalid;
    const fresh = await bootstrap(t, user, second.events);
    expect(normalise(live)).toEqual(normalise(fresh));
  } finally {
    second.close();
  }
  // After the states: a missing event shows first as the state it failed to change.
  expect(caused.map((e) => e.type)).toEqual(options.events);
  return caused;
}

/**
 * What the web client does on start-up: its login, the organization, `GET /user`, then the
 * stream's initial sync.
 */
async function bootstrap(t: TestServer, user: TestUser, sync: ServerEvent[]): Promise<AppState> {
  const [organization, users, contacts] = await Promise.all([
    t.request('GET', '/admin/system/organization'),
    t.request('GET', '/user', { token: user.token }),
    t.request('GET', '/user/contacts', { token: user.token }),
  ]);
  expect([organization.status, users.status, contacts.status]).toEqual([200, 200, 200]);
  const org = organization.json as Organization;
  const actions: Action[] = [
    { type: 'auth/loggedIn', login: user.login, now: LOGIN_AT },
    {
      type: 'server/organization',
      name: org.name,
      description: org.description,
      serverId: org.server_id || null,
    },
    { type: 'users/loaded', users: users.json as UserInfo[] },
    { type: 'contacts/loaded', contacts: contacts.json as Contact[] },
    { type: 'stream/events', events: sync },
  ];
  return actions.reduce(rootReducer, createInitialState());
}

/**
 * Drops what is not server state (connection status), and presence: streams of earlier tests that
 * close flip it on their own time (on another node, in the cluster project), and stream.test.ts
 * covers it. Sorts what has no meaningful order (member lists).
 */
function normalise(state: AppState) {
  const { stream: _stream, ...rest } = state;
  const { online: _online, ...users } = state.users;
  const groups = Object.fromEntries(
    Object.entries(state.groups.byId).map(([gid, group]) => [
      gid,
      { ...group, members: [...group.members].sort((a, b) => a - b) },
    ]),
  );
  return { ...rest, users, groups: { ...state.groups, byId: groups } };
}
