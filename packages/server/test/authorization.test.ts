/**
 * Authorization, driven by `support/authorization-table.ts`: every registered route as every role
 * answers what the table says, and no stream receives events of a channel its user cannot read
 * while that channel is created, used, changed and deleted.
 */
import http from 'node:http';
import type { ServerEvent } from '@parley/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../src/services/sessions.js';
import {
  AUTHORIZATION_TABLE,
  ROLES,
  type AuthRow,
  type Fixture,
  type Role,
} from './support/authorization-table.js';
import { createBot } from './support/bots.js';
import { GREEN, solidPng } from './support/images.js';
import {
  createAdmin,
  createChannel,
  createUser,
  login,
  sendText,
  useTestServer,
  type RequestOptions,
  type TestUser,
} from './support/server.js';
import { patchLoginConfig } from './support/login-config.js';
import { streamsClosedAfterEach } from './support/sse.js';
import { newUser } from './support/store-fixtures.js';

const t = useTestServer();
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
let nonMember: TestUser;
let guest: TestUser;
let peer: TestUser;
let bot: TestUser;
let png: Buffer;
let n = 0;

beforeAll(async () => {
  admin = await createAdmin(t);
  owner = await createUser(t, 'owner');
  member = await createUser(t, 'member');
  nonMember = await createUser(t, 'outsider');
  peer = await createUser(t, 'peer');
  // A guest's session is good only while guest mode is on (its row below keeps it on).
  await patchLoginConfig(t, admin, { guest: true });
  guest = await createGuest();
  bot = await createBotCaller();
  png = await solidPng(GREEN, 8, 8);
});

/** A guest's account and session, made as `GET /token/login_guest` would (without its rate limit). */
async function createGuest(): Promise<TestUser> {
  const ctx = t.server.ctx;
  const user = await ctx.store.users.create(
    // Made now: the table's guest sign-in row removes guests older than a week.
    newUser({ create_by: 'guest', email: null, name: `guest${++n}`, created_at: Date.now() }),
  );
  const session = await issueSession(ctx, user, `guest:${n}`, null);
  return {
    uid: user.uid,
    email: '',
    password: '',
    name: user.name,
    token: session.token,
    refreshToken: session.refresh_token,
    device: `guest:${n}`,
    login: session,
  };
}

/** A bot and one of its keys, standing in for a token: the bot role sends the key as `X-API-Key`. */
async function createBotCaller(): Promise<TestUser> {
  const made = await createBot(t, admin);
  return {
    uid: made.uid,
    email: '',
    password: '',
    name: made.name,
    token: made.key,
    refreshToken: '',
    device: '',
    login: undefined as never,
  };
}

/** A key of the fixture bot, for the call that revokes it. */
async function botKey(): Promise<number> {
  const name = `revocable ${++n}`;
  await t.request('POST', `/admin/user/bot-api-key/${bot.uid}`, { token: admin.token, json: { name } });
  const keys = (await t.request('GET', `/admin/user/bot-api-key/${bot.uid}`, { token: admin.token }))
    .json as {
    id: number;
    name: string;
  }[];
  return keys.find((k) => k.name === name)!.id;
}

/** A caller of this role whose session or account the call may spend. */
async function freshActor(role: Role): Promise<TestUser | undefined> {
  switch (role) {
    case 'anonymous':
      return undefined;
    case 'bot':
      return bot;
    case 'guest':
      return createGuest();
    case 'admin':
      return login(t, admin.email, admin.password);
    default:
      return createUser(t, `${role}${++n}`);
  }
}

const standing = (role: Role): TestUser | undefined =>
  ({ anonymous: undefined, bot, guest, member, nonMember, owner, admin })[role];

/** Whether the call may change the fixture channel or its message (or needs its fresh caller in it). */
const needsOwnChannel = (row: AuthRow) =>
  row.fresh ||
  ((row.route.includes(':gid') || row.route.includes(':mid')) &&
    (row.method !== 'GET' || row.route.endsWith('/leave')));

let shared: Fixture | undefined;

async function fixtureFor(role: Role, row: AuthRow): Promise<Fixture> {
  const actor = row.fresh ? await freshActor(role) : standing(role);
  if (!needsOwnChannel(row)) {
    shared ??= await newFixture(undefined, owner, member);
    const f = { ...shared, actor, n: ++n };
    if (row.route.endsWith('/:kid')) f.botKeyId = await botKey();
    return f;
  }
  const channelOwner = role === 'owner' && actor ? actor : owner;
  const f = await newFixture(actor, channelOwner, role === 'member' && actor ? actor : member);
  if (row.route === '/api/invites/:id') f.inviteId = await inviteTo(f.gid, channelOwner);
  return f;
}

async function inviteTo(gid: number, by: TestUser): Promise<string> {
  await t.request('GET', `/group/create_reg_magic_link?gid=${gid}`, { token: by.token });
  const listed = await t.request('GET', `/invites?gid=${gid}`, { token: by.token });
  return (listed.json as { id: string }[])[0]!.id;
}

async function newFixture(
  actor: TestUser | undefined,
  channelOwner: TestUser,
  channelMember: TestUser,
): Promise<Fixture> {
  const gid = await createChannel(t, channelOwner, {
    name: `auth ${++n}`,
    is_public: false,
    members: [channelMember.uid],
  });
  const mid = (await sendText(t, channelOwner, { gid }, 'first')).json as number;
  return { gid, mid, peer, actor, memberUid: channelMember.uid, png, n: ++n, botUid: bot.uid };
}

/**
 * One request on a connection of its own; a stream is cut as soon as its status is known. Raw
 * node:http, so that the path goes out exactly as written.
 */
function call(
  method: string,
  path: string,
  token: string | undefined,
  init: RequestOptions = {},
): Promise<number> {
  const headers: Record<string, string> = { ...init.headers };
  if (token) headers['x-api-key'] = token;
  let body: string | Buffer | undefined = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['content-type'] ??= 'application/json';
  }
  return new Promise((resolve, reject) => {
    const req = http.request(`${t.url}${path}`, { method, headers, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        req.destroy();
        resolve(status);
        return;
      }
      res.resume();
      res.once('end', () => resolve(status));
      res.once('error', reject);
    });
    req.once('error', reject);
    req.end(body);
  });
}

const defaultPath = (row: AuthRow, f: Fixture) =>
  row.path ? row.path(f) : row.route.replace(':gid', String(f.gid)).replace(':uid', String(f.peer.uid));

describe('the route × role table', () => {
  it('has one row for every registered route, and no row for a route that does not exist', () => {
    const registered = t.server.routes.map((r) => `${r.method} ${r.url}`).sort();
    const rows = AUTHORIZATION_TABLE.map((r) => `${r.method} ${r.route}`).sort();
    expect(new Set(rows).size).toBe(rows.length);
    expect(rows).toEqual(registered);
  });

  it('answers every route as every role with the status in the table', async () => {
    const mismatches: string[] = [];
    let calls = 0;
    for (const row of AUTHORIZATION_TABLE) {
      for (const role of ROLES) {
        const want = row.expect[role];
        if (want === null) continue;
        const f = await fixtureFor(role, row);
        const got = await call(row.method, defaultPath(row, f), f.actor?.token, row.body?.(f));
        calls++;
        // A password change ends the administrator's other sessions, the standing one included.
        if (row.fresh && role === 'admin') admin = await login(t, admin.email, admin.password);
        if (got !== want)
          mismatches.push(`${row.method} ${row.route} as ${role}: ${got}, table says ${want}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(calls).toBeGreaterThan(300);
    // The figure the closing notes quote.
    console.info(
      `authorization: ${calls} calls, ${AUTHORIZATION_TABLE.length} routes × ${ROLES.length} roles`,
    );
  }, 300_000);
});

/** Whether an event mentions the channel anywhere (a `gid` field at any depth: chat targets, groups, kicks). */
function mentions(event: unknown, gid: number): boolean {
  if (Array.isArray(event)) return event.some((v) => mentions(v, gid));
  if (event === null || typeof event !== 'object') return false;
  return Object.entries(event).some(([k, v]) => (k === 'gid' && v === gid) || mentions(v, gid));
}

describe('event streams of outsiders', () => {
  const streams = streamsClosedAfterEach();

  it('never carry events of a private channel while it is created, used, changed and deleted', async () => {
    const outsiders = { guest, nonMember, admin, peer };
    const watched = await Promise.all(Object.values(outsiders).map((u) => streams.ready(t.url, u.token)));
    const memberStream = await streams.ready(t.url, member.token);
    const as = (u: TestUser, method: string, path: string, init: RequestOptions = {}) =>
      t.request(method, path, { ...init, token: u.token });

    const gid = await createChannel(t, owner, { name: 'secret', is_public: false, members: [member.uid] });
    const ops: [string, () => Promise<{ status: number }>][] = [
      ['send', () => sendText(t, owner, { gid }, 'secret words')],
      ['reply as member', () => sendText(t, member, { gid }, 'secret reply')],
      ['rename', () => as(owner, 'PUT', `/group/${gid}`, { json: { name: 'still secret' } })],
      ['describe', () => as(admin, 'PUT', `/group/${gid}`, { json: { description: 'hush' } })],
      [
        'avatar',
        () =>
          as(owner, 'POST', `/group/${gid}/avatar`, { body: png, headers: { 'content-type': 'image/png' } }),
      ],
      ['read index', () => as(member, 'POST', '/user/read-index', { json: { groups: [{ gid, mid: 1 }] } })],
      ['add a member', () => as(owner, 'POST', `/group/${gid}/members/add`, { json: [nonMember.uid] })],
      ['remove them', () => as(owner, 'POST', `/group/${gid}/members/remove`, { json: [nonMember.uid] })],
      ['send after removal', () => sendText(t, owner, { gid }, 'after removal')],
      ['hand over', () => as(owner, 'PUT', `/group/${gid}`, { json: { owner: member.uid } })],
      ['former owner leaves', () => as(owner, 'GET', `/group/${gid}/leave`)],
      ['delete', () => as(member, 'DELETE', `/group/${gid}`)],
    ];
    for (const [name, op] of ops) expect((await op()).status, name).toBe(200);

    // The bus keeps order: once each stream has this DM, it has everything published before it.
    for (const [i, u] of Object.values(outsiders).entries()) {
      const mid = (await sendText(t, member, { uid: u.uid }, 'barrier')).json as number;
      await watched[i]!.waitFor((e) => e.type === 'chat' && e.mid === mid);
    }
    await memberStream.waitFor((e) => e.type === 'kick_from_group' && e.gid === gid);

    const [guestStream, nonMemberStream, adminStream, peerStream] = watched;
    for (const s of [guestStream!, adminStream!, peerStream!]) {
      expect(s.events.filter((e) => mentions(e, gid))).toEqual([]);
    }
    // The user added and removed sees the channel only between the two: its joining, what
    // happened while in it, and the kick, but neither message sent before the add nor after.
    const seen = nonMemberStream!.events.filter((e) => mentions(e, gid));
    expect(seen.map((e) => e.type)).toEqual(['joined_group', 'kick_from_group']);
    const chatsSeen = seen.filter((e): e is Extract<ServerEvent, { type: 'chat' }> => e.type === 'chat');
    expect(chatsSeen).toEqual([]);
  });
});
