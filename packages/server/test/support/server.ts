/**
 * A real Parley server for API and stream tests: the app from `buildServer` on a fresh store of
 * the running project's database, listening on a loopback port, with small HTTP helpers.
 */
import type { LoginResponse } from '@parley/protocol';
import { buildServer, type ParleyServer } from '../../src/app.js';
import { loadConfig } from '../../src/config/index.js';
import { createTestStore, type TestStore } from './databases.js';

export interface TestServer {
  url: string;
  server: ParleyServer;
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

export async function startTestServer(options: { now?: () => number } = {}): Promise<TestServer> {
  const db = await createTestStore();
  const config = loadConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', PORT: '0' });
  const server = await buildServer({ config, store: db.store, ...(options.now && { now: options.now }) });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  const request = async (method: string, path: string, init: RequestOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers['x-api-key'] = init.token;
    let body: string | Buffer | undefined = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] ??= 'application/json';
    }
    // A Buffer goes out as plain bytes: fetch then adds no Content-Type of its own.
    const payload = typeof body === 'string' || body === undefined ? body : new Uint8Array(body);
    const res = await fetch(`${url}/api${path}`, { method, headers, body: payload });
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = bytes.toString('utf8');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, bytes, json };
  };

  return {
    url,
    server,
    db,
    request,
    async close() {
      await server.close();
      await db.cleanup();
    },
  };
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
export async function createAdmin(t: TestServer, name = 'Admin'): Promise<TestUser> {
  const email = `admin${++counter}@example.com`;
  const password = 'correct horse battery';
  const res = await t.request('POST', '/admin/system/create_admin', {
    json: { email, name, password, gender: 0 },
  });
  if (res.status !== 200) throw new Error(`create_admin failed: ${res.status} ${res.text}`);
  return login(t, email, password);
}

/** Registers an ordinary user (sign-up open to everyone by default) on a device of their own. */
export async function createUser(
  t: TestServer,
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
  t: TestServer,
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
  t: TestServer,
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
  t: TestServer,
  owner: TestUser,
  input: { name: string; is_public: boolean; members?: number[] },
): Promise<number> {
  const res = await t.request('POST', '/group', { token: owner.token, json: input });
  if (res.status !== 200) throw new Error(`create group failed: ${res.status} ${res.text}`);
  return (res.json as { gid: number }).gid;
}
