/**
 * Every route, read from the OpenAPI document the server generates, gets malformed and hostile
 * input with and without an administrator's token: the answer must be a 4xx with a short body that
 * leaks nothing, and nothing may change (`support/unchanged-scene.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient, type HttpClient } from './support/http-client.js';
import { casesFor, problem, type Case } from './support/malformed-requests.js';
import { useUnchangedScene } from './support/unchanged-scene.js';

const scene = useUnchangedScene();
const { t } = scene;
/** The malformed requests (100 MB of bodies), built once for both callers; read-only. */
let cases: Case[] | undefined;
// Over 8,000 requests: sent with node:http, whose client costs a fraction of fetch's.
let client: HttpClient;
beforeAll(() => {
  client = httpClient(t.url, { asFetch: false, maxSockets: 16 });
});
afterAll(() => {
  client.close();
  cases = undefined;
});

/** Sends every case, a few at a time, and returns the failures. */
async function sendAll(cases: Case[], token: string | undefined): Promise<string[]> {
  const failures: string[] = [];
  const queue = [...cases];
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const res = await client.request(c.method, c.url, { token, body: c.body, headers: c.headers });
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

describe('bad input', () => {
  it.each([
    ['with an administrator’s token', () => scene.admin.token],
    ['without a token', () => undefined],
  ])(
    'answers a short 4xx to every malformed request %s',
    async (_as, token) => {
      cases ??= scene.routes.flatMap((r) => casesFor(r, scene.fillPath));
      expect(cases.length).toBeGreaterThan(500);
      expect(await sendAll(cases, token())).toEqual([]);
      // The figure the closing notes quote.
      console.info(
        `bad input: ${cases.length} malformed requests over ${scene.routes.length} routes, each a 4xx`,
      );
      // Over 700 requests: a hang check that allows for two shared cores under load.
    },
    120_000,
  );

  it('answers 404 to unknown paths and 405 with Allow to known paths asked with the wrong method', async () => {
    for (const path of ['/nope', '/group/1/2/3', '/user/abc/def/ghi']) {
      const res = await t.request('GET', path, { token: scene.admin.token });
      expect(res.status, `GET ${path}`).toBe(404);
      expect(problem(res)).toBeUndefined();
    }
    for (const [method, path, allow] of [
      ['DELETE', '/user', 'GET, HEAD, PUT'],
      ['PATCH', '/group/1', 'GET, HEAD, PUT, DELETE'],
      ['GET', '/token/login', 'POST'],
    ] as const) {
      const res = await t.request(method, path, { token: scene.admin.token });
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
      token: scene.user.token,
      body: broken,
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(400);
    const text = await t.request('POST', `/group/${scene.pub}/send`, {
      token: scene.user.token,
      body: Buffer.from([0x68, 0x69, 0xc3]),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    for (const body of [
      '{"__proto__":{"is_admin":true},"name":"x"}',
      '{"constructor":{"prototype":{"a":1}}}',
    ]) {
      const res = await t.request('PUT', '/user', {
        token: scene.user.token,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, body).toBe(400);
    }
  });
});
