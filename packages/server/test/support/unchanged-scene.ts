/**
 * A server with a little of everything (an administrator, a user with an avatar and a read index,
 * a public and a private channel, messages in both and a DM) whose API-visible state each test
 * must leave as it found it: the state is compared before and after every test, so a change is
 * blamed on the test that made it, whichever tests ran before it (or none).
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { solidPng, RED } from './images.js';
import { routesOf, type Operation, type Route } from './malformed-requests.js';
import {
  createAdmin,
  createChannel,
  createUser,
  sendText,
  type TestServer,
  type TestUser,
  useTestServer,
} from './server.js';
import { openTestStream } from './sse.js';

export interface UnchangedScene {
  t: TestServer;
  admin: TestUser;
  user: TestUser;
  pub: number;
  priv: number;
  /** Every route of the server's OpenAPI document. */
  routes: Route[];
  /** Fills `{gid}` with the private channel and any other parameter with the user's uid. */
  fillPath(path: string, values?: Record<string, string>): string;
}

/** The file's server and scene (filled in before its tests), checked unchanged around each test. */
export function useUnchangedScene(): UnchangedScene {
  const t = useTestServer();
  const scene = { t } as UnchangedScene;
  scene.fillPath = (path, values = {}) =>
    path.replace(
      /\{(\w+)\}/g,
      (_m, name: string) => values[name] ?? (name === 'gid' ? String(scene.priv) : String(scene.user.uid)),
    );
  beforeAll(async () => {
    const admin = (scene.admin = await createAdmin(t));
    const user = (scene.user = await createUser(t, 'bystander'));
    scene.pub = await createChannel(t, admin, { name: 'public', is_public: true });
    scene.priv = await createChannel(t, admin, { name: 'private', is_public: false, members: [user.uid] });
    await sendText(t, user, { gid: scene.pub }, 'in public');
    await sendText(t, user, { gid: scene.priv }, 'in private');
    await sendText(t, user, { uid: admin.uid }, 'direct');
    await t.request('POST', '/user/avatar', {
      token: user.token,
      body: await solidPng(RED),
      headers: { 'content-type': 'image/png' },
    });
    await t.request('POST', '/user/read-index', {
      token: user.token,
      json: { groups: [{ gid: scene.pub, mid: 1 }] },
    });
    const spec = (await t.request('GET', '/spec')).json as {
      paths: Record<string, Record<string, Operation>>;
    };
    scene.routes = routesOf(spec);
  });
  let before: Snapshot;
  beforeEach(async () => {
    before = await snapshot(scene);
  });
  afterEach(async () => {
    expect(await snapshot(scene)).toEqual(before);
  });
  return scene;
}

type Snapshot = Record<string, string | number>;
/** Everything a bad request could have changed, as seen over the API. */
async function snapshot({ t, admin, user, pub, priv }: UnchangedScene): Promise<Snapshot> {
  const text = async (path: string, token?: string) => {
    const res = await t.request('GET', path, { token });
    return `${res.status} ${res.text}`;
  };
  const hash = async (path: string) => {
    const res = await t.request('GET', path);
    return `${res.status} ${createHash('sha256').update(res.bytes).digest('hex')}`;
  };
  const settings = await (async () => {
    const s = await openTestStream(t.url, user.token);
    try {
      await s.ready();
      return JSON.stringify(s.events.find((e) => e.type === 'user_settings'));
    } finally {
      s.close();
    }
  })();
  const metrics = (await t.request('GET', '/admin/system/metrics', { token: admin.token })).json as Record<
    string,
    number
  >;
  return {
    users: await text('/user', admin.token),
    userCount: metrics.user_count!,
    groupCount: metrics.group_count!,
    adminGroups: await text('/group', admin.token),
    userGroups: await text('/group', user.token),
    adminMe: await text('/user/me', admin.token),
    userMe: await text('/user/me', user.token),
    organization: await text('/admin/system/organization'),
    loginConfig: await text('/admin/login/config'),
    common: await text('/admin/system/common', admin.token),
    publicHistory: await text(`/group/${pub}/history`, admin.token),
    privateHistory: await text(`/group/${priv}/history`, admin.token),
    dmHistory: await text(`/user/${user.uid}/history`, admin.token),
    logo: await hash('/resource/organization/logo'),
    adminAvatar: await hash(`/resource/avatar?uid=${admin.uid}`),
    userAvatar: await hash(`/resource/avatar?uid=${user.uid}`),
    groupAvatar: await hash(`/resource/group_avatar?gid=${priv}`),
    settings,
  };
}
