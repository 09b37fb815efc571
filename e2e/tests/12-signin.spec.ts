import { expect, test, type Browser } from '@playwright/test';
import { startIssuer, type TestIssuer } from '../../packages/server/test/support/oidc-issuer.js';
import { ADMIN, adminToken, snap } from './support.js';

/**
 * Issue 12: signing in with OpenID Connect through a real issuer (`oidc-provider` on a free
 * loopback port, its login step scripted), the issuer button on the login page, the return to
 * the server finishing sign-in, and the Login methods screen, in light/dark, phone/desktop.
 */
let issuer: TestIssuer;
let token = '';
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 860 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;

test.beforeAll(async ({ request, baseURL }) => {
  issuer = await startIssuer([`${baseURL}/`]);
  token = await adminToken(request, 'e2e-signin');
  const headers = { 'x-api-key': token };
  const clients = await request.post('/api/admin/oidc/config', {
    headers,
    data: {
      clients: [{ issuer: issuer.issuer, client_id: issuer.clientId, client_secret: issuer.clientSecret }],
    },
  });
  expect(clients.ok()).toBe(true);
  const config = await (await request.get('/api/admin/login/config')).json();
  const res = await request.post('/api/admin/login/config', {
    headers,
    data: {
      ...config,
      who_can_sign_up: 'EveryOne',
      oidc: [{ enable: true, favicon: '', domain: issuer.issuer }],
    },
  });
  expect(res.ok()).toBe(true);
});
test.afterAll(async () => {
  await issuer?.close();
});

async function signInWithIssuer(browser: Browser, theme: 'light' | 'dark', vp: (typeof VIEWPORTS)[number]) {
  const context = await browser.newContext({ viewport: vp.viewport, colorScheme: theme });
  const page = await context.newPage();
  const sub = `e2e-${theme}-${vp.name}`;
  const email = `${sub}@oidc.test`;
  issuer.setBrowserAccount({ sub, email, email_verified: true, name: `Olive ${theme} ${vp.name}` });
  await page.goto('/#/login');
  const button = page.getByTestId('login-oidc');
  await expect(button).toBeVisible();
  await expect(button).toContainText('127.0.0.1');
  await snap(page, `signin-login-${vp.name}-${theme}`);
  await button.click();
  await page.waitForURL(/#\/(chat)?$|#\/chat/);
  // The code left the address bar once spent.
  expect(new URL(page.url()).search).toBe('');
  const users = await (await page.request.get('/api/admin/user', { headers: { 'x-api-key': token } })).json();
  expect(users).toContainEqual(expect.objectContaining({ email, create_by: 'oidc' }));
  await context.close();
}

test.describe('OpenID Connect sign-in', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const vp of VIEWPORTS) {
      test(`signs in through the issuer (${vp.name}, ${theme})`, async ({ browser }) => {
        await signInWithIssuer(browser, theme, vp);
      });
    }
  }

  test('a replayed return is refused with a way back to sign in', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/#/login');
    await page.evaluate(() => sessionStorage.setItem('parley.oidc.pending', '1'));
    await page.goto('/?code=spent&state=unknown');
    await expect(page.getByTestId('oidc-failed')).toBeVisible();
    await snap(page, 'signin-oidc-failed');
    await context.close();
  });
});

test.describe('Login methods screen', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const vp of VIEWPORTS) {
      test(`shows the methods and issuers (${vp.name}, ${theme})`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: vp.viewport, colorScheme: theme });
        const page = await context.newPage();
        await page.goto('/#/login');
        await page.getByTestId('login-email').fill(ADMIN.email);
        await page.getByTestId('login-password').fill(ADMIN.password);
        await page.getByTestId('login-submit').click();
        await page.waitForURL(/#\/(chat)?$|#\/chat/);
        await page.goto('/#/setting/login');
        await expect(page.getByTestId('login-methods')).toBeVisible();
        await expect(page.getByTestId('oidc-domain')).toHaveValue(issuer.issuer);
        await expect(page.getByTestId('oidc-client-id')).toHaveValue(issuer.clientId);
        await snap(page, `signin-methods-${vp.name}-${theme}`);
        await context.close();
      });
    }
  }

  test('saves a change made by keyboard', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/#/login');
    await page.getByTestId('login-email').fill(ADMIN.email);
    await page.getByTestId('login-password').fill(ADMIN.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/(chat)?$|#\/chat/);
    await page.goto('/#/setting/login');
    await page.getByTestId('login-method-metamask').focus();
    await page.keyboard.press('Space');
    await page.getByTestId('login-methods-save').click();
    await expect
      .poll(async () => (await (await page.request.get('/api/admin/login/config')).json()).metamask)
      .toBe(true);
    await page.getByTestId('login-method-metamask').focus();
    await page.keyboard.press('Space');
    await page.getByTestId('login-methods-save').click();
    await expect
      .poll(async () => (await (await page.request.get('/api/admin/login/config')).json()).metamask)
      .toBe(false);
    // The issuer and its client survive the round trip.
    const clients = await (
      await page.request.get('/api/admin/oidc/config', { headers: { 'x-api-key': token } })
    ).json();
    expect(clients.clients).toEqual([
      { issuer: issuer.issuer, client_id: issuer.clientId, client_secret: issuer.clientSecret },
    ]);
    await context.close();
  });
});
