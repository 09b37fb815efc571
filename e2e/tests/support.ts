import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

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

type Credentials = { email: string; password: string };

/** Signs in on the login screen and waits for a URL matching `landing` (the chat by default). */
export async function signIn(page: Page, who: Credentials, landing = /#\/(chat)?$|#\/chat/): Promise<void> {
  await page.goto('/#/login');
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(landing);
}

/** A browser context of its own (desktop size unless `options` say otherwise), signed in as `who`. */
export async function openAs(browser: Browser, who: Credentials, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  await signIn(page, who, /#\/chat/);
  return { context, page };
}

/** Opens the channel and waits until its conversation shows. */
export async function openChannel(page: Page, gid: number): Promise<void> {
  await page.goto(`/#/chat/channel/${gid}`);
  await expect(page.getByTestId('conversation')).toHaveAttribute('data-gid', String(gid));
}

/** The last message whose own text (not a quoted original) contains `text`. */
export const messageWith = (page: Page, text: string) =>
  page
    .getByTestId('message')
    .filter({ has: page.locator('.message__text', { hasText: text }) })
    .last();

/** Creates a public channel through the API (as the holder of `headers`); returns its gid. */
export async function createPublicChannel(
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
): Promise<number> {
  const group = await request.post('/api/group', { headers, data: { name, is_public: true } });
  expect(group.ok()).toBe(true);
  const body = await group.json();
  return typeof body === 'number' ? body : body.gid;
}

/** Registers `who` with a fresh invitation link of the administrator's; returns the new uid and token. */
export async function registerAccount(
  request: APIRequestContext,
  adminHeaders: Record<string, string>,
  who: Credentials & { name: string },
): Promise<{ uid: number; token: string }> {
  const link = await (
    await request.get('/api/group/create_reg_magic_link', { headers: adminHeaders })
  ).text();
  const magicToken = new URL(link.replace(/^"|"$/g, '')).searchParams.get('magic_token');
  const registered = await request.post('/api/user/register', {
    data: { ...who, magic_token: magicToken, gender: 0, language: 'en', device: 'e2e' },
  });
  expect(registered.ok()).toBe(true);
  const body = (await registered.json()) as { user: { uid: number }; token: string };
  return { uid: body.user.uid, token: body.token };
}

/** Registers `who` as {@link registerAccount} does; returns the new uid. */
export async function registerMember(
  request: APIRequestContext,
  adminHeaders: Record<string, string>,
  who: Credentials & { name: string },
): Promise<number> {
  return (await registerAccount(request, adminHeaders, who)).uid;
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
