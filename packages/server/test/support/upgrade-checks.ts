/**
 * What an upgraded database must still answer through the API, the same on SQLite and
 * PostgreSQL: the fixture's expected answers (test/fixtures/upgrade/<release>.expected.json).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { ApiClient } from './server.js';

/** The release whose database the current code must upgrade. */
export const PREVIOUS_RELEASE = '0.1.0';
export const upgradeFixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/upgrade',
);
export const fixtureSql = (): string =>
  readFileSync(path.join(upgradeFixtures, `${PREVIOUS_RELEASE}.sql`), 'utf8');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const fixtureExpected = (): any =>
  JSON.parse(readFileSync(path.join(upgradeFixtures, `${PREVIOUS_RELEASE}.expected.json`), 'utf8'));

/** Signs in the fixture's user `index` (0 is ada, an administrator) with their password; returns the token. */
export async function signInFixtureUser(api: ApiClient, index: number): Promise<string> {
  const user = fixtureExpected().users[index] as { email: string; password: string };
  const res = await api.request('POST', '/token/login', {
    json: { credential: { type: 'password', ...user }, device: 'after-upgrade' },
  });
  expect(res.status, `login ${user.email}`).toBe(200);
  return res.json.token as string;
}

export async function expectSameAnswers(api: ApiClient): Promise<void> {
  const expected = fixtureExpected();
  const [ada, bo] = [await signInFixtureUser(api, 0), await signInFixtureUser(api, 1)];
  const get = async (p: string, token?: string) => (await api.request('GET', p, token ? { token } : {})).json;
  const { town, secret } = expected.groups;
  const boUid = expected.history.adaBo[0].target.uid;
  const cyUid = expected.history.boCy[0].target.uid;
  expect(await get(`/group/${town}/history`, ada)).toEqual(expected.history.town);
  expect(await get(`/group/${secret}/history`, bo)).toEqual(expected.history.secret);
  expect(await get(`/user/${boUid}/history`, ada)).toEqual(expected.history.adaBo);
  expect(await get(`/user/${cyUid}/history`, bo)).toEqual(expected.history.boCy);
  expect(await get('/user', ada)).toEqual(expected.userList);
  expect(await get('/admin/system/organization')).toEqual(expected.organization);
  expect(await get('/admin/login/config')).toEqual(expected.loginConfig);
  expect(await get('/admin/system/common', ada)).toEqual(expected.common);
}
