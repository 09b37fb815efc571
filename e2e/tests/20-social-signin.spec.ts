import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { startStandIn, type StandIn } from '../../packages/server/test/support/social-stand-in.js';
import { adminToken, snap } from './support.js';

/**
 * Issue 12: the login page's GitHub and Google buttons, each through a loopback stand-in for the
 * provider (the server is pointed at it by the config's E2E_SOCIAL_PORT): the button sends the
 * browser to the provider, which returns to the server's root with a code (GitHub) or an ID token
 * in the fragment (Google); the page finishes sign-in. A forged return is refused with a way back.
 */
let standIn: StandIn;
let token = '';
const GITHUB = { id: 'e2e-github-client', secret: 'e2e-github-secret' };
const GOOGLE_CLIENT = 'e2e-google-client.apps.example.com';
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 860 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;

async function setLogin(request: APIRequestContext, patch: Record<string, unknown>) {
  const config = await (await request.get('/api/admin/login/config')).json();
  const res = await request.post('/api/admin/login/config', {
    headers: { 'x-api-key': token },
    data: { ...config, ...patch },
  });
  expect(res.ok()).toBe(true);
}

test.beforeAll(async ({ request }) => {
  standIn = await startStandIn({ port: Number(process.env.E2E_SOCIAL_PORT) });
  token = await adminToken(request, 'e2e-social');
  const headers = { 'x-api-key': token };
  for (const [path, data] of [
    ['/api/admin/github_auth/config', { client_id: GITHUB.id, client_secret: GITHUB.secret }],
    ['/api/admin/google_auth/config', { client_id: GOOGLE_CLIENT }],
  ] as const) {
    expect((await request.post(path, { headers, data })).ok()).toBe(true);
  }
  await setLogin(request, { github: true, google: true, who_can_sign_up: 'EveryOne' });
});
test.afterAll(async ({ request }) => {
  // Later specs see the login page as it was.
  await setLogin(request, { github: false, google: false });
  await standIn?.close();
});

async function users(browser: Browser) {
  const context = await browser.newContext();
  const list = await (
    await context.request.get('/api/admin/user', { headers: { 'x-api-key': token } })
  ).json();
  await context.close();
  return list as { email: string | null; create_by: string }[];
}

test.describe('GitHub and Google buttons', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const vp of VIEWPORTS) {
      test(`sign in through both (${vp.name}, ${theme})`, async ({ browser }) => {
        const tag = `${theme}-${vp.name}`;
        for (const provider of ['github', 'google'] as const) {
          const context = await browser.newContext({ viewport: vp.viewport, colorScheme: theme });
          const page = await context.newPage();
          const email = `${provider}-${tag}@social.test`;
          standIn.setBrowserAccounts(
            provider === 'github'
              ? {
                  github: {
                    user: {
                      id: Date.now(),
                      login: `octo-${tag}`,
                      emails: [{ email, primary: true, verified: true }],
                    },
                    client: GITHUB,
                  },
                }
              : { google: { sub: `g-${tag}`, email, email_verified: true, name: `Gee ${tag}` } },
          );
          await page.goto('/#/login');
          const button = page.getByTestId(`login-${provider}`);
          await expect(button).toBeVisible();
          await expect(button).toContainText(provider === 'github' ? 'GitHub' : 'Google');
          if (provider === 'github') await snap(page, `social-login-${vp.name}-${theme}`);
          await button.click();
          await page.waitForURL(/#\/(chat)?$|#\/chat/);
          // Neither the code nor the token stays in the address bar.
          expect(new URL(page.url()).search).toBe('');
          expect(page.url()).not.toContain('id_token');
          expect(await users(browser)).toContainEqual(
            expect.objectContaining({ email, create_by: provider }),
          );
          await context.close();
        }
      });
    }
  }

  test('the buttons are reached by keyboard', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = 'keyboard@social.test';
    standIn.setBrowserAccounts({ google: { sub: 'g-keyboard', email, email_verified: true } });
    await page.goto('/#/login');
    const button = page.getByTestId('login-google');
    await expect(button).toBeVisible();
    for (let i = 0; i < 20 && !(await button.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/(chat)?$|#\/chat/);
    expect(await users(browser)).toContainEqual(expect.objectContaining({ email, create_by: 'google' }));
    await context.close();
  });

  test('a return with another state is refused with a way back', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/#/login');
    await page.evaluate(() =>
      sessionStorage.setItem('parley.social.pending', JSON.stringify({ provider: 'github', state: 'mine' })),
    );
    await page.goto('/?code=stolen&state=theirs');
    await expect(page.getByTestId('social-failed')).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    await snap(page, 'social-failed');
    await page.getByTestId('social-back').click();
    await expect(page.getByTestId('login-github')).toBeVisible();
    await context.close();
  });

  test('a cancelled sign-in at the provider comes back to a way back', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    standIn.setBrowserAccounts({});
    await page.goto('/#/login');
    await page.getByTestId('login-github').click();
    await expect(page.getByTestId('social-failed')).toBeVisible();
    await context.close();
  });
});
