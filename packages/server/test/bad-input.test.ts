/**
 * Every route, read from the OpenAPI document the server generates, gets malformed and hostile
 * input with and without an administrator's token: the answer must be a 4xx with a short body that
 * leaks nothing, and nothing may change.
 */
import { createHash } from 'node:crypto';
import { LIMITS } from '@parley/protocol';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { solidPng, RED } from './support/images.js';
import {
  createAdmin,
  createChannel,
  createUser,
  sendText,
  type TestResponse,
  type TestUser,
  useTestServer,
} from './support/server.js';
import { openTestStream } from './support/sse.js';

interface Schema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Route {
  method: string;
  path: string;
  op: Operation;
}
interface Case {
  label: string;
  method: string;
  url: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

/** Routes anyone may call without a token (API.md §1.4). */
const PUBLIC = new Set([
  'GET /admin/system/initialized',
  'POST /admin/system/create_admin',
  'GET /admin/system/version',
  'GET /admin/system/organization',
  'GET /resource/organization/logo',
  'GET /admin/login/config',
  'GET /admin/smtp/enabled',
  'GET /admin/google_auth/public_config',
  'GET /admin/github_auth/public_config',
  'GET /admin/cloudflared/auto_info',
  'GET /license',
  'POST /token/login',
  'POST /user/register',
  'GET /user/check_email',
  'POST /user/check_magic_token',
  'POST /user/send_login_magic_link',
  'POST /user/send_reg_magic_link',
  'GET /token/login_guest',
  'GET /resource/avatar',
  'GET /resource/group_avatar',
]);
/** Routes whose body is not JSON: message text or image bytes. */
const MESSAGE_ROUTES = new Set([
  'POST /group/{gid}/send',
  'POST /user/{uid}/send',
  'POST /message/{mid}/reply',
  'PUT /message/{mid}/edit',
]);
const IMAGE_ROUTES = new Set([
  'POST /user/avatar',
  'POST /group/{gid}/avatar',
  'POST /admin/system/organization/logo',
]);

const OVERSIZE_JSON = LIMITS.jsonBodyMaxBytes + 1024;
const BAD_IDS = [
  'abc',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  ' 1',
  '1%00',
  '%00',
  '99999999999999999999',
  '9007199254740993',
  '1,2',
];

const t = useTestServer();
let admin: TestUser;
let user: TestUser;
let priv: number;
let pub: number;
let routes: Route[];
let before: Snapshot;

beforeAll(async () => {
  admin = await createAdmin(t);
  user = await createUser(t, 'bystander');
  pub = await createChannel(t, admin, { name: 'public', is_public: true });
  priv = await createChannel(t, admin, { name: 'private', is_public: false, members: [user.uid] });
  await sendText(t, user, { gid: pub }, 'in public');
  await sendText(t, user, { gid: priv }, 'in private');
  await sendText(t, user, { uid: admin.uid }, 'direct');
  await t.request('POST', '/user/avatar', {
    token: user.token,
    body: await solidPng(RED),
    headers: { 'content-type': 'image/png' },
  });
  await t.request('POST', '/user/read-index', {
    token: user.token,
    json: { groups: [{ gid: pub, mid: 1 }] },
  });

  const spec = (await t.request('GET', '/spec')).json as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
// Each test checks that its own requests changed nothing, so it holds whichever tests ran before
// it (or none), and a change is blamed on the test that made it.
beforeEach(async () => {
  before = await snapshot();
});
afterEach(async () => {
  expect(await snapshot()).toEqual(before);
});

type Snapshot = Record<string, string | number>;
/** Everything a bad request could have changed, as seen over the API. */
async function snapshot(): Promise<Snapshot> {
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

const key = (r: Route) => `${r.method} ${r.path}`;
const fillPath = (path: string, values: Record<string, string> = {}) =>
  path.replace(
    /\{(\w+)\}/g,
    (_m, name: string) => values[name] ?? (name === 'gid' ? String(priv) : String(user.uid)),
  );
const jsonBody = (r: Route) => r.op.requestBody?.content['application/json']?.schema;
const pathParams = (r: Route) => (r.op.parameters ?? []).filter((p) => p.in === 'path');
const queryParams = (r: Route) => (r.op.parameters ?? []).filter((p) => p.in === 'query');

function typesOf(s: Schema): Set<string> | undefined {
  if (s.anyOf) {
    const all = new Set<string>();
    for (const alt of s.anyOf) for (const ty of typesOf(alt) ?? []) all.add(ty);
    return all;
  }
  if (s.type === undefined) return undefined;
  const types = new Set(Array.isArray(s.type) ? s.type : [s.type]);
  if (s.nullable) types.add('null');
  return types;
}

const enumOf = (s: Schema): unknown[] | undefined =>
  s.anyOf ? s.anyOf.flatMap((a) => a.enum ?? []) : s.enum;

/** Values the schema refuses, each with a label: wrong types, out-of-range numbers, bad strings and items. */
function badValues(s: Schema, depth = 0): [string, unknown][] {
  const types = typesOf(s);
  if (!types) return [];
  const out: [string, unknown][] = [];
  const samples: [string, unknown][] = [
    ['string', 'text'],
    ['integer', 7],
    ['boolean', true],
    ['null', null],
    ['object', {}],
    ['array', []],
  ];
  for (const [type, value] of samples) if (!types.has(type)) out.push([`a ${type}`, value]);
  if (types.has('integer')) {
    out.push(['a fraction', 1.5], ['1e300', 1e300], ['2^53 + 2', 2 ** 53 + 2], ['-2^53 - 2', -(2 ** 53) - 2]);
    if ((s.minimum ?? -Infinity) >= 0) out.push(['a negative id', -1]);
    if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER)
      out.push(['above the maximum', s.maximum + 1]);
    if (!types.has('string')) out.push(['a numeric string', '1']);
  }
  if (types.has('boolean') && !types.has('string')) out.push(['"true"', 'true']);
  if (types.has('string')) {
    out.push(['a NUL character', 'a\u0000b']);
    if (s.maxLength !== undefined) out.push(['an over-long string', 'x'.repeat(s.maxLength + 1)]);
    if ((s.minLength ?? 0) > 0) out.push(['an empty string', '']);
    if (enumOf(s)) out.push(['a value outside the enum', 'NotAChoice']);
  }
  if (types.has('array') && depth < 3) {
    if ((s.minItems ?? 0) > 0) out.push(['an empty list', []]);
    for (const [label, item] of s.items ? badValues(s.items, depth + 1) : [])
      out.push([`a list holding ${label}`, [item]]);
  }
  if (types.has('object') && depth < 3) {
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      for (const [label, value] of badValues(prop, depth + 1))
        out.push([`${name}: ${label}`, { [name]: value }]);
    }
  }
  return out;
}

const propertyOfType = (s: Schema, type: string) =>
  Object.entries(s.properties ?? {}).find(([, prop]) => typesOf(prop)?.has(type))?.[0];

/** Malformed and hostile requests for one route; none of them is a valid request. */
function casesFor(r: Route): Case[] {
  const cases: Case[] = [];
  const url = fillPath(r.path);
  for (const param of pathParams(r)) {
    // `mids` is a comma-separated list, so `1,2` is a valid one there.
    for (const bad of BAD_IDS.filter((id) => param.name !== 'mids' || id !== '1,2')) {
      cases.push({
        label: `path ${param.name}=${bad}`,
        method: r.method,
        url: fillPath(r.path, { [param.name]: bad }),
      });
    }
  }
  for (const param of queryParams(r)) {
    const types = typesOf(param.schema) ?? new Set();
    const values = types.has('integer')
      ? BAD_IDS
      : types.has('boolean')
        ? ['maybe', '1', 'yes']
        : (param.schema.minLength ?? 0) > 0
          ? ['']
          : [];
    for (const bad of values)
      cases.push({
        label: `query ${param.name}=${bad}`,
        method: r.method,
        url: `${url}?${param.name}=${bad}`,
      });
    if (param.required) cases.push({ label: `query without ${param.name}`, method: r.method, url });
    if (types.has('integer'))
      cases.push({
        label: `query ${param.name} twice`,
        method: r.method,
        url: `${url}?${param.name}=1&${param.name}=2`,
      });
  }
  const schema = jsonBody(r);
  if (schema) {
    const json = { 'content-type': 'application/json' };
    const raw = (label: string, body: string | Buffer, headers: Record<string, string> = json) =>
      cases.push({ label, method: r.method, url, body, headers });
    raw('malformed JSON', '{"name":');
    raw('trailing garbage', '{}}');
    raw('single quotes', "{'a':1}");
    raw('an empty JSON body', '');
    raw('a __proto__ key', '{"__proto__":{"is_admin":true}}');
    raw('a constructor.prototype key', '{"constructor":{"prototype":{"is_admin":true}}}');
    raw('deeply nested arrays', `${'['.repeat(5000)}${']'.repeat(5000)}`);
    const hugeNumber = `1${'0'.repeat(400)}`;
    const intProp = propertyOfType(schema, 'integer');
    if (intProp) raw('a 400-digit number', `{"${intProp}":${hugeNumber}}`);
    if (typesOf(schema)?.has('array')) raw('a 400-digit number', `[${hugeNumber}]`);
    raw('an oversize body', JSON.stringify({ name: 'x'.repeat(OVERSIZE_JSON) }));
    raw('no content type', Buffer.from('{}'), {});
    raw('a form body', 'name=x', { 'content-type': 'application/x-www-form-urlencoded' });
    for (const [label, value] of badValues(schema)) raw(`body ${label}`, JSON.stringify(value));
  }
  if (MESSAGE_ROUTES.has(key(r))) {
    cases.push(
      {
        label: 'a JSON message',
        method: r.method,
        url,
        body: '{"text":"hi"}',
        headers: { 'content-type': 'application/json' },
      },
      { label: 'an untyped message', method: r.method, url, body: Buffer.from('hi') },
      {
        label: 'an empty message',
        method: r.method,
        url,
        body: '',
        headers: { 'content-type': 'text/plain' },
      },
      {
        label: 'an oversize message',
        method: r.method,
        url,
        body: 'x'.repeat(OVERSIZE_JSON),
        headers: { 'content-type': 'text/plain' },
      },
    );
  }
  if (IMAGE_ROUTES.has(key(r))) {
    cases.push(
      {
        label: 'a text image',
        method: r.method,
        url,
        body: '/etc/passwd',
        headers: { 'content-type': 'text/plain' },
      },
      {
        label: 'a JSON image',
        method: r.method,
        url,
        body: '"/etc/passwd"',
        headers: { 'content-type': 'application/json' },
      },
      { label: 'an untyped image', method: r.method, url, body: Buffer.from('abc') },
      {
        label: 'bytes that are no image',
        method: r.method,
        url,
        body: Buffer.from('GIF89a but not really'),
        headers: { 'content-type': 'image/png' },
      },
      {
        label: 'an empty image',
        method: r.method,
        url,
        body: Buffer.alloc(0),
        headers: { 'content-type': 'image/png' },
      },
      {
        label: 'an oversize image',
        method: r.method,
        url,
        body: Buffer.alloc(LIMITS.imageMaxBytes + 1),
        headers: { 'content-type': 'image/png' },
      },
    );
  }
  return cases;
}

/** A problem with the answer, or undefined when it is a proper short 4xx. */
function problem(res: TestResponse): string | undefined {
  if (res.status < 400 || res.status >= 500) return `status ${res.status}: ${res.text.slice(0, 120)}`;
  if (res.text.length > 200) return `a ${res.text.length}-character body`;
  if (/Error:|\n\s+at |node_modules|\.[jt]s:\d|"stack"|"statusCode"/.test(res.text))
    return `internals in the body: ${res.text.slice(0, 120)}`;
  const type = res.headers.get('content-type') ?? '';
  if (res.text && !/^(text\/plain|application\/json)/.test(type)) return `content type ${type}`;
  if (type.startsWith('application/json') && res.text && !(res.json && typeof res.json.reason === 'string'))
    return `JSON body ${res.text}`;
  return undefined;
}

/** Sends every case, a few at a time, and returns the failures. */
async function sendAll(cases: Case[], token: string | undefined): Promise<string[]> {
  const failures: string[] = [];
  const queue = [...cases];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const res = await t.request(c.method, c.url, { token, body: c.body, headers: c.headers });
      const wrong = problem(res);
      if (wrong)
        failures.push(
          `${c.method} ${c.url.slice(0, 80)} [${c.label}] ${token ? 'as admin' : 'anonymous'}: ${wrong}`,
        );
    }
  };
  await Promise.all([1, 2, 3, 4, 5, 6].map(worker));
  return failures;
}

/**
 * The token with its signature's first byte changed. (Changing the last characters could touch
 * only the unused low bits of the final base64url character, which are no change at all.)
 */
function tamperedSignature(token: string): string {
  const dot = token.lastIndexOf('.') + 1;
  const first = token[dot];
  return `${token.slice(0, dot)}${first === 'A' ? 'B' : 'A'}${token.slice(dot + 1)}`;
}

/** Every route of the app, as `METHOD /path/{param}` relative to /api, from Fastify's route tree. */
function registeredRoutes(): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of t.server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push(m[2]!);
    const full = stack.join('');
    for (const method of m[3]?.split(', ') ?? []) found.push(`${method} ${full}`);
  }
  return found;
}

describe('the route table', () => {
  it('documents every /api route in the OpenAPI document', () => {
    const documented = new Set(routes.map(key));
    const registered = registeredRoutes().filter((r) => {
      const path = r.split(' ')[1]!;
      return (
        path.startsWith('/api/') &&
        !r.startsWith('HEAD ') &&
        path !== '/api/spec' &&
        !path.startsWith('/api/swagger')
      );
    });
    expect(registered.length).toBeGreaterThanOrEqual(40);
    const missing = registered
      .map((r) => r.replace(' /api/', ' /').replace(/:(\w+)/g, '{$1}'))
      .filter((r) => !documented.has(r));
    expect(missing).toEqual([]);
    expect(documented.size).toBe(registered.length);
  });

  it('asks for a token on every route but the public ones', async () => {
    const failures: string[] = [];
    for (const r of routes) {
      const url = fillPath(r.path);
      for (const token of [undefined, 'not-a-token', tamperedSignature(admin.token)]) {
        const res = await t.request(r.method, url, { token });
        if (PUBLIC.has(key(r))) {
          if (res.status === 401) failures.push(`${key(r)} refused an anonymous caller`);
        } else if (res.status !== 401) {
          failures.push(`${key(r)} answered ${res.status} to token ${token ?? '(none)'}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    ['with an administrator’s token', () => admin.token],
    ['without a token', () => undefined],
  ])(
    'answers a short 4xx to every malformed request %s',
    async (_as, token) => {
      const cases = routes.flatMap(casesFor);
      expect(cases.length).toBeGreaterThan(500);
      expect(await sendAll(cases, token())).toEqual([]);
      // Over 700 requests: a hang check that allows for two shared cores under load.
    },
    120_000,
  );

  it('answers 404 to unknown paths and 405 with Allow to known paths asked with the wrong method', async () => {
    for (const path of ['/nope', '/group/1/2/3', '/user/abc/def/ghi']) {
      const res = await t.request('GET', path, { token: admin.token });
      expect(res.status, `GET ${path}`).toBe(404);
      expect(problem(res)).toBeUndefined();
    }
    for (const [method, path, allow] of [
      ['DELETE', '/user', 'GET, HEAD, PUT'],
      ['PATCH', '/group/1', 'GET, HEAD, PUT, DELETE'],
      ['GET', '/token/login', 'POST'],
    ] as const) {
      const res = await t.request(method, path, { token: admin.token });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')?.split(', ').sort()).toEqual(allow.split(', ').sort());
      expect(problem(res)).toBeUndefined();
    }
  });

  it('refuses bodies that are not valid UTF-8 and JSON that tries to poison prototypes', async () => {
    const broken = Buffer.from([
      0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d,
    ]); // {"name":"\xff\xfe"}
    const json = await t.request('PUT', '/user', {
      token: user.token,
      body: broken,
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(400);
    const text = await t.request('POST', `/group/${pub}/send`, {
      token: user.token,
      body: Buffer.from([0x68, 0x69, 0xc3]),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    for (const body of [
      '{"__proto__":{"is_admin":true},"name":"x"}',
      '{"constructor":{"prototype":{"a":1}}}',
    ]) {
      const res = await t.request('PUT', '/user', {
        token: user.token,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, body).toBe(400);
    }
  });
});
