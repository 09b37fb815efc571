/**
 * A real Parley server for API and stream tests: the app from `buildServer` on a fresh store of
 * the running project's database, listening on a loopback port, with small HTTP helpers.
 */
import type { LoginResponse } from '@parley/protocol';
import { buildServer, type ParleyServer } from '../../src/app.js';
import type { Blobs } from '../../src/blobs/index.js';
import type { PasswordHashing } from '../../src/auth/passwords.js';
import { loadConfig, type Config } from '../../src/config/index.js';
import type { Resolver } from '../../src/outbound/safe-fetch.js';
import { openStore } from '../../src/store/index.js';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { createTestStore, storeOptionsOf, testDatabase, type TestStore } from './databases.js';
import { GENEROUS_LIMITS_ENV } from './limits-env.js';
import { httpClient } from './http-client.js';
import { startNginx } from './nginx.js';
// Brings in the `ProvidedContext` declaration that types `inject('redisUrl')`.
import type {} from './redis-global-setup.js';

/** In the `cluster` project every API test talks to this many scaled-mode nodes through nginx. */
export const CLUSTER_NODES = 3;

export interface TestServer {
  /** The base URL clients use: the node itself, or nginx in front of all nodes (`cluster`). */
  url: string;
  /** The first node (the only one outside the `cluster` project). */
  server: ParleyServer;
  /** Every node; `nodeUrls[i]` reaches `nodes[i]` directly, bypassing the balancer. */
  nodes: ParleyServer[];
  nodeUrls: string[];
  db: TestStore;
  request(method: string, path: string, init?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface RequestOptions {
  token?: string;
  json?: unknown;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The raw body, for images. */
  bytes: Buffer;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Node `i` of the deployment, wrapping round: outside `cluster` every index reaches the one node. */
export const nodeUrl = (t: TestServer, i: number): string => t.nodeUrls[i % t.nodeUrls.length]!;

/**
 * The cheapest argon2id the library accepts: every test user is hashed at least once and signed in
 * at least once, at ~40 ms of a core each at the production cost (asserted in
 * `src/auth/passwords.test.ts`).
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = { memoryCost: 8, timeCost: 1, parallelism: 1 };

export interface TestServerOptions {
  now?: () => number;
  blobs?: Blobs;
  /** Environment on top of the test defaults (limits are generous unless a test sets them). */
  env?: Record<string, string>;
  /** Receives the server's log lines (JSON), for tests of what is logged. */
  logStream?: { write(line: string): void };
  /**
   * Host names for outbound fetches (link previews). By default test servers resolve none, so no
   * test reaches the network through a name; IP literals still go through the address policy.
   */
  resolver?: Resolver;
  /** False turns off the server's timers and queue workers (see `AppOptions.backgroundJobs`). */
  backgroundJobs?: false;
}

const noNames: Resolver = async () => {
  throw new Error('test servers resolve no host names');
};

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const db = await createTestStore();
  const clustered = testDatabase() === 'cluster';
  const config = testConfig({
    DATA_DIR: db.dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    // Requests come from loopback (directly or through nginx): tests name a client address in
    // X-Forwarded-For, as a balancer would.
    TRUST_PROXY: '127.0.0.1',
    ...GENEROUS_LIMITS_ENV,
    ...options.env,
    ...(clustered && { DATABASE_URL: db.databaseUrl, REDIS_URL: inject('redisUrl') }),
  });
  const nodes: ParleyServer[] = [];
  const nodeUrls: string[] = [];
  // Each further node has its own pool on the shared database, as separate processes would. They
  // open while the first node is built: opening waits on PostgreSQL more than it computes.
  const extraStores = Array.from({ length: clustered ? CLUSTER_NODES - 1 : 0 }, () =>
    openStore(storeOptionsOf(db)),
  );
  // A failed open reaches the test through the `await` below; no rejection goes unhandled meanwhile.
  for (const s of extraStores) s.catch(() => {});
  const closeExtraStores = () => Promise.allSettled(extraStores.map(async (s) => (await s).close()));
  let balancer: { url: string; stop(): Promise<void> } | undefined;
  try {
    for (let i = 0; i < 1 + extraStores.length; i++) {
      const store = i === 0 ? db.store : await extraStores[i - 1]!;
      const node = await buildServer({
        config,
        store,
        ...(options.now && { now: options.now }),
        ...(options.blobs && { blobs: options.blobs }),
        ...(options.logStream && { logStream: options.logStream }),
        resolver: options.resolver ?? noNames,
        ...(options.backgroundJobs === false && { backgroundJobs: false }),
      });
      nodes.push(node);
      await node.app.listen({ port: 0, host: '127.0.0.1' });
      const address = node.app.server.address();
      nodeUrls.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }
    if (clustered) balancer = await startNginx({ upstreams: nodeUrls.map((u) => u.slice('http://'.length)) });
  } catch (err) {
    await Promise.allSettled(nodes.map((n) => n.close()));
    await closeExtraStores();
    await db.cleanup();
    throw err;
  }
  const server = nodes[0]!;
  const url = balancer?.url ?? nodeUrls[0]!;

  const { request } = apiClient(url);

  return {
    url,
    server,
    nodes,
    nodeUrls,
    db,
    request,
    async close() {
      // Together: nginx's graceful stop waits for the streams it proxies, which closing the nodes ends.
      await Promise.all([balancer?.stop(), ...nodes.map((n) => n.close())]);
      await Promise.all(extraStores.map(async (s) => (await s).close()));
      await db.cleanup();
    },
  };
}

/** The configuration `env` gives, with the test cost of password hashing. */
export const testConfig = (env: Record<string, string | undefined>): Config => ({
  ...loadConfig(env),
  passwordHashing: TEST_PASSWORD_HASHING,
});

/**
 * The server of a test file (or of a `describe` block, when called inside one): started before
 * its tests, or before each test with `fresh: true`, and closed after. The handle forwards to the
 * current server, so test bodies use it as they would the server itself.
 */
export function useTestServer(options: TestServerOptions & { fresh?: boolean } = {}): TestServer {
  let current: TestServer | undefined;
  const [before, after] = options.fresh ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    current = await startTestServer(options);
  });
  after(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as TestServer, {
    get(_, key) {
      if (!current) throw new Error('useTestServer(): the server exists only inside tests and hooks');
      return Reflect.get(current, key);
    },
  });
}

/** Anything tests can send API requests to: a test server, a cluster's balancer, one node. */
export interface ApiClient {
  request(method: string, path: string, init?: RequestOptions): Promise<TestResponse>;
}

/**
 * Small HTTP helpers for the API under `${url}/api`: the requests fetch would send, over a
 * keep-alive `node:http` agent (`http-client.ts`), which costs a quarter less CPU per request.
 */
export function apiClient(url: string): ApiClient {
  const { request } = httpClient(url);
  return { request };
}

export interface TestUser {
  uid: number;
  email: string;
  password: string;
  name: string;
  token: string;
  refreshToken: string;
  device: string;
  login: LoginResponse;
}

let counter = 0;

/** Creates the first administrator through the onboarding call and signs them in. */
export async function createAdmin(t: ApiClient, name = 'Admin'): Promise<TestUser> {
  const email = `admin${++counter}@example.com`;
  const password = 'correct horse battery';
  const res = await t.request('POST', '/admin/system/create_admin', {
    json: { email, name, password, gender: 0 },
  });
  if (res.status !== 200) throw new Error(`create_admin failed: ${res.status} ${res.text}`);
  return login(t, email, password);
}

/**
 * Another administrator, promoted by `admin`: on a server its tests share, only the first can be
 * made with create_admin, and public channels need one.
 */
export async function createOtherAdmin(t: ApiClient, admin: TestUser, name = 'owner'): Promise<TestUser> {
  const user = await createUser(t, name);
  const res = await t.request('PUT', `/admin/user/${user.uid}`, {
    token: admin.token,
    json: { is_admin: true },
  });
  if (res.status !== 200) throw new Error(`promotion failed: ${res.status} ${res.text}`);
  return user;
}

/** Registers an ordinary user (sign-up open to everyone by default) on a device of their own. */
export async function createUser(
  t: ApiClient,
  name = `user${counter + 1}`,
  magicToken?: string,
): Promise<TestUser> {
  const email = `${name.toLowerCase()}.${++counter}@example.com`;
  const password = 'another good password';
  const res = await t.request('POST', '/user/register', {
    json: {
      email,
      password,
      name,
      gender: 0,
      device: `test:${counter}`,
      ...(magicToken && { magic_token: magicToken }),
    },
  });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${res.text}`);
  return asUser(res.json as LoginResponse, email, password, `test:${counter}`);
}

export async function login(
  t: ApiClient,
  email: string,
  password: string,
  device = `test:${++counter}`,
): Promise<TestUser> {
  const res = await t.request('POST', '/token/login', {
    json: { credential: { type: 'password', email, password }, device, device_token: '' },
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return asUser(res.json as LoginResponse, email, password, device);
}

function asUser(l: LoginResponse, email: string, password: string, device: string): TestUser {
  return {
    uid: l.user.uid,
    email,
    password,
    name: l.user.name,
    token: l.token,
    refreshToken: l.refresh_token,
    device,
    login: l,
  };
}

export const properties = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64');

/** Sends a text message as the web client does; returns the response. */
export function sendText(
  t: ApiClient,
  user: TestUser,
  to: { gid: number } | { uid: number },
  text: string,
  localId?: number,
) {
  const path = 'gid' in to ? `/group/${to.gid}/send` : `/user/${to.uid}/send`;
  return t.request('POST', path, {
    token: user.token,
    body: text,
    headers: {
      'content-type': 'text/plain',
      'x-properties': localId === undefined ? '' : properties({ local_id: localId }),
    },
  });
}

export async function createChannel(
  t: ApiClient,
  owner: TestUser,
  input: { name: string; is_public: boolean; members?: number[] },
): Promise<number> {
  const res = await t.request('POST', '/group', { token: owner.token, json: input });
  if (res.status !== 200) throw new Error(`create group failed: ${res.status} ${res.text}`);
  return (res.json as { gid: number }).gid;
}
