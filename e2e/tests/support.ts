import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The accounts the specs share: the suite runs in order against one fresh server. */
export const ADMIN = { email: 'admin@parley.test', name: 'Admin', password: 'admin password 1' };
export const MEMBER = { email: 'bea@parley.test', name: 'Bea', password: 'bea password 12' };
export const SERVER_NAME = 'Acme Chat';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = path.resolve(here, '../artifacts/screenshots');

/** Saves a full-page screenshot under e2e/artifacts/screenshots. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/#/login');
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/(chat)?$|#\/chat/);
}

/** The numeric id in the current hash route, e.g. /#/chat/channel/3 → 3. */
export function idFromUrl(page: Page): number {
  const match = /\/(\d+)(?:\?.*)?$/.exec(new URL(page.url()).hash);
  if (!match) throw new Error(`no id in ${page.url()}`);
  return Number(match[1]);
}

/**
 * The administrator's token for set-up through the API; creates the administrator first when a
 * spec runs alone on a fresh server. `device` keeps each spec's session its own.
 */
export async function adminToken(request: APIRequestContext, device = 'e2e'): Promise<string> {
  const initialized = await (await request.get('/api/admin/system/initialized')).json();
  if (initialized === false) {
    const created = await request.post('/api/admin/system/create_admin', { data: { ...ADMIN, gender: 0 } });
    expect(created.ok()).toBe(true);
  }
  const login = await request.post('/api/token/login', {
    data: { credential: { type: 'password', email: ADMIN.email, password: ADMIN.password }, device },
  });
  expect(login.ok()).toBe(true);
  return (await login.json()).token as string;
}
