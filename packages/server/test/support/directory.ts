/**
 * Helpers for the member directory's tests (docs/api.md "Member directory"): the setting, what a
 * stream's client holds after its user events, and a barrier that proves a stream got everything
 * published to it before.
 */
import type { ServerEvent, UserInfo } from '@parley/protocol';
import { afterAll, expect } from 'vitest';
import { createAdmin, createUser, startTestServer, type TestServer, type TestUser } from './server.js';
import { streamsClosedAfterEach, type TestStream } from './sse.js';

/**
 * The directory tests' set-up: a server closed after the file, an administrator and four members,
 * and `ready` to open a stream that is closed after each test. The names are ones no other name or
 * e-mail contains, so a test can look for a user's name anywhere in a stream's text.
 */
export async function startDirectoryServer() {
  const t = await startTestServer();
  afterAll(() => t.close());
  const admin = await createAdmin(t);
  const alice = await createUser(t, 'Alicia');
  const bob = await createUser(t, 'Roberto');
  const carol = await createUser(t, 'Carolina');
  const dave = await createUser(t, 'Davida');
  const streams = streamsClosedAfterEach();
  const ready = (user: TestUser, query: Record<string, number> = {}) =>
    streams.ready(t.url, user.token, query);
  return { t, admin, alice, bob, carol, dave, ready };
}

export async function setVisibility(t: TestServer, admin: TestUser, mode: string): Promise<void> {
  const res = await t.request('PUT', '/admin/system/common', {
    token: admin.token,
    json: { directory_visibility: mode },
  });
  expect(res.status, res.text).toBe(200);
}

/**
 * The uids a client holds after these events, as the web client's users reducer keeps them: a
 * snapshot replaces the list, a `delete` row drops the user, any other row adds or merges them.
 */
export function heldUids(events: readonly ServerEvent[], start: Iterable<number> = []): number[] {
  const held = new Set(start);
  for (const e of events) {
    if (e.type === 'users_snapshot') {
      held.clear();
      for (const u of e.users) held.add(u.uid);
    }
    if (e.type === 'users_log') {
      for (const l of e.logs) {
        if (l.action === 'delete') held.delete(l.uid);
        else held.add(l.uid);
      }
    }
  }
  return [...held].sort((a, b) => a - b);
}

export const uidsOf = (...users: TestUser[]): number[] => users.map((u) => u.uid).sort((a, b) => a - b);

/** Waits until the stream's client holds exactly `users` (from `start`, for a resumed stream). */
export async function untilHolds(stream: TestStream, users: TestUser[], start: number[] = []): Promise<void> {
  const want = JSON.stringify(uidsOf(...users));
  await stream
    .waitFor(() => JSON.stringify(heldUids(stream.events, start)) === want)
    .catch((err: Error) => {
      throw new Error(
        `holds ${JSON.stringify(heldUids(stream.events, start))}, wanted ${want}: ${err.message}`,
      );
    });
}

/** The stream's `users_snapshot` version (0 when it resumed). */
export async function snapshotVersion(stream: TestStream): Promise<number> {
  const e = await stream.waitFor((e) => e.type === 'users_snapshot');
  return e.type === 'users_snapshot' ? e.version : 0;
}

/** The highest `log_id` the stream's client has seen: its `users_version`. */
export function usersVersion(stream: TestStream): number {
  let version = 0;
  for (const e of stream.events) {
    if (e.type === 'users_snapshot') version = Math.max(version, e.version);
    if (e.type === 'users_log') for (const l of e.logs) version = Math.max(version, l.log_id);
  }
  return version;
}

/** Every uid a user event names (profiles, presence, the user log). */
export function namedUids(e: ServerEvent): number[] {
  switch (e.type) {
    case 'users_snapshot':
      return e.users.map((u) => u.uid);
    case 'users_log':
      return e.logs.map((l) => l.uid);
    case 'users_state':
      return e.users.map((u) => u.uid);
    case 'users_state_changed':
      return [e.uid];
    default:
      return [];
  }
}

/** The `users_log` rows with this action the stream carried, as uids. */
export const rowsOf = (stream: TestStream, action: 'create' | 'update' | 'delete', from = 0): number[] =>
  stream.events
    .slice(from)
    .flatMap((e) => (e.type === 'users_log' ? e.logs : []))
    .filter((l) => l.action === action)
    .map((l) => l.uid);

let barriers = 0;
/** The reader's own profile change, as a barrier: every event published before it has arrived. */
export async function barrier(t: TestServer, user: TestUser, stream: TestStream): Promise<void> {
  const language = `x-barrier${++barriers}`;
  const res = await t.request('PUT', '/user', { token: user.token, json: { language } });
  expect(res.status, res.text).toBe(200);
  await stream.waitFor(
    (e) => e.type === 'users_log' && e.logs.some((l) => l.uid === user.uid && l.language === language),
  );
}

/** The uids `GET /user` lists for the user. */
export async function listed(t: TestServer, user: TestUser): Promise<number[]> {
  const res = await t.request('GET', '/user', { token: user.token });
  expect(res.status).toBe(200);
  return (res.json as UserInfo[]).map((u) => u.uid).sort((a, b) => a - b);
}
