/**
 * The people most API tests need, created through the API: the first administrator and three
 * ordinary users; and, for message tests, the two kinds of channel they meet in.
 */
import { afterAll } from 'vitest';
import {
  createAdmin,
  createChannel,
  createUser,
  startTestServer,
  type ApiClient,
  type TestServer,
  type TestServerOptions,
  type TestUser,
} from './server.js';

export interface Cast {
  admin: TestUser;
  alice: TestUser;
  bob: TestUser;
  carol: TestUser;
}

export async function createCast(t: ApiClient): Promise<Cast> {
  const admin = await createAdmin(t);
  const alice = await createUser(t, 'alice');
  const bob = await createUser(t, 'bob');
  const carol = await createUser(t, 'carol');
  return { admin, alice, bob, carol };
}

export interface CastWithChannels extends Cast {
  /** `general`: public, created by the administrator. */
  pub: number;
  /** `inner`: private, owned by alice, with bob as a member (carol is an outsider). */
  priv: number;
}

export async function createCastWithChannels(t: ApiClient): Promise<CastWithChannels> {
  const cast = await createCast(t);
  const pub = await createChannel(t, cast.admin, { name: 'general', is_public: true });
  const priv = await createChannel(t, cast.alice, {
    name: 'inner',
    is_public: false,
    members: [cast.bob.uid],
  });
  return { ...cast, pub, priv };
}

export interface CastServer extends CastWithChannels {
  t: TestServer;
}

/**
 * The set-up of most API test files: a server with the cast and its two channels, closed after
 * the file's tests. Awaited at the top of the file, so its names are plain constants:
 * `const { t, alice, priv } = await startCastServer();`.
 */
export async function startCastServer(options?: TestServerOptions): Promise<CastServer> {
  const t = await startTestServer(options);
  afterAll(() => t.close());
  return { t, ...(await createCastWithChannels(t)) };
}
