/**
 * Per-conversation notification levels (issue 16): the conversation's settings dialog sets this
 * DM's level (overriding the user's own), by keyboard; the server stores it in `overrides`, and
 * "default" removes it again. Screenshots light/dark at 375 and 1280 px.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken, registerMember, signIn, snap } from './support';
import { type Person } from './voice-support';

const stamp = Date.now() % 100000;
const [NORA, PIET] = ['Nora', 'Piet'].map((name) => ({
  name,
  email: `${name.toLowerCase()}.${stamp}@parley.test`,
  password: `${name} notify password`,
})) as [Person, Person];
let pietUid = 0;

test.beforeAll(async ({ request }) => {
  const headers = { 'x-api-key': await adminToken(request, 'e2e-notify-override') };
  await registerMember(request, headers, NORA);
  pietUid = await registerMember(request, headers, PIET);
});

async function overrides(request: APIRequestContext) {
  const login = await request.post('/api/token/login', {
    data: {
      credential: { email: NORA.email, password: NORA.password, type: 'password' },
      device: 'e2e-check',
    },
  });
  const token = ((await login.json()) as { token: string }).token;
  const settings = await request.get('/api/user/notify/settings', { headers: { 'x-api-key': token } });
  return ((await settings.json()) as { overrides: unknown[] }).overrides;
}

test('a DM’s own notification level, set and reset from its settings', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await signIn(page, NORA);
  await page.goto(`/#/chat/dm/${pietUid}`);
  await page.getByTestId('conversation-settings-button').click();
  const field = page.getByTestId('conversation-notify');
  await expect(field).toBeEnabled();
  await expect(field).toHaveValue('default');
  await field.focus();
  await field.selectOption('none');
  await expect.poll(() => overrides(request)).toEqual([{ target: { uid: pietUid }, level: 'none' }]);
  await expect(field).toHaveValue('none');
  await snap(page, 'notify-override-light-1280');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 812 });
  await snap(page, 'notify-override-dark-375');

  await field.selectOption('default');
  await expect.poll(() => overrides(request)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('conversation-settings')).toBeHidden();
});
