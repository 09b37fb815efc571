/** The server's login configuration (API.md §3.1), as the sign-in tests set it. */
import { expect } from 'vitest';
import type { ApiClient, TestUser } from './server.js';

/** A fresh server's login configuration (`services/settings.ts`) with `patch` on top. */
export const loginConfig = (patch: Record<string, unknown> = {}) => ({
  who_can_sign_up: 'EveryOne',
  guest: false,
  password: true,
  magic_link: true,
  google: false,
  github: false,
  oidc: [],
  metamask: false,
  third_party: false,
  ...patch,
});

/** Changes the fields in `patch` of the server's current login configuration, as `admin`. */
export async function patchLoginConfig(
  t: ApiClient,
  admin: TestUser,
  patch: Record<string, unknown>,
): Promise<void> {
  const config = (await t.request('GET', '/admin/login/config')).json as Record<string, unknown>;
  const res = await t.request('POST', '/admin/login/config', {
    token: admin.token,
    json: { ...config, ...patch },
  });
  expect(res.status, res.text).toBe(200);
}
