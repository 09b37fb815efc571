import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, adminToken, snap } from './support.js';

/**
 * Issue 12: signing up and in by e-mail link through a real SMTP server on loopback (the product
 * is pointed at it on its mail settings, as an administrator would), and the mail settings screen.
 */
const mails: ParsedMail[] = [];
let smtp: SMTPServer;
let smtpPort = 0;

test.beforeAll(async ({ request }) => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          cb();
        })
        .catch((err: Error) => cb(err));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  smtpPort = typeof address === 'object' && address ? address.port : 0;
  const token = await adminToken(request);
  const res = await request.post('/api/admin/smtp/config', {
    headers: { 'x-api-key': token },
    data: { enabled: true, host: '127.0.0.1', port: smtpPort, from: 'parley@parley.test' },
  });
  expect(res.ok()).toBe(true);
  // Open sign-up: an earlier spec sharing this server may have left it at invitation only.
  const headers = { 'x-api-key': token };
  const config = await (await request.get('/api/admin/login/config')).json();
  const open = await request.post('/api/admin/login/config', {
    headers,
    data: { ...config, who_can_sign_up: 'EveryOne' },
  });
  expect(open.ok()).toBe(true);
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function mailTo(address: string): Promise<ParsedMail> {
  await expect.poll(() => mails.some((m) => JSON.stringify(m.to).includes(address))).toBe(true);
  return mails.filter((m) => JSON.stringify(m.to).includes(address)).at(-1)!;
}

const linkIn = (mail: ParsedMail) => /https?:\/\/\S+/.exec(mail.text ?? '')![0];

const VIEWS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 375, height: 740 } },
] as const;

async function inEveryView(browser: Browser, fn: (page: Page, label: string) => Promise<void>) {
  for (const view of VIEWS) {
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: view.viewport, colorScheme: theme });
      const page = await context.newPage();
      try {
        await fn(page, `${view.name}-${theme}`);
      } finally {
        await context.close();
      }
    }
  }
}

test('signing up by e-mail link: ask for a link, check the inbox, choose a name, chat', async ({
  browser,
}) => {
  await inEveryView(browser, async (page, label) => {
    const email = `linky-${label}-${Date.now()}@parley.test`;
    await page.goto('/#/login');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-magic-link').click();
    await expect(page.getByTestId('email-login-email')).toHaveValue(email);
    await snap(page, `accounts-email-login-${label}`);
    await page.getByTestId('email-login-submit').click();
    await expect(page.getByTestId('email-login-sent')).toContainText(email);
    await snap(page, `accounts-check-inbox-${label}`);

    const link = linkIn(await mailTo(email));
    expect(link).toContain('exists=false');
    await page.goto(link);
    await expect(page.getByTestId('set-name-form')).toBeVisible();
    await snap(page, `accounts-set-name-${label}`);
    await page.getByTestId('set-name-name').fill(`Linky ${label}`.slice(0, 32));
    await page.getByTestId('set-name-submit').click();
    await page.waitForURL(/#\/(chat)?$|#\/chat/);
    expect(new URL(page.url()).search).toBe('');

    // The link is spent: opening it again says so and offers a new one.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await page.reload();
    await expect(page.getByTestId('magic-invalid')).toBeVisible();
    await snap(page, `accounts-link-invalid-${label}`);
    await page.getByTestId('magic-request-new').click();
    await expect(page.getByTestId('email-login-form')).toBeVisible();
  });
});

test('signing in by e-mail link with an existing account', async ({ page }) => {
  await page.goto(`/#/send_magic_link/${encodeURIComponent(ADMIN.email)}`);
  const before = mails.length;
  await page.getByTestId('email-login-submit').click();
  await expect(page.getByTestId('email-login-sent')).toBeVisible();
  await expect.poll(() => mails.length).toBeGreaterThan(before);
  const link = linkIn(await mailTo(ADMIN.email));
  expect(link).toContain('exists=true');
  await page.goto(link);
  await page.waitForURL(/#\/(chat)?$|#\/chat/);
});

test('mail settings: an administrator sends a test mail and sees the answer', async ({ browser }) => {
  await inEveryView(browser, async (page, label) => {
    await page.goto('/#/login');
    await page.getByTestId('login-email').fill(ADMIN.email);
    await page.getByTestId('login-password').fill(ADMIN.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/(chat)?$|#\/chat/);
    await page.goto('/#/setting/smtp');
    await expect(page.getByTestId('smtp-host')).toHaveValue('127.0.0.1');
    await page.getByTestId('smtp-test-to').fill(`test-${label}@parley.test`);
    await page.getByTestId('smtp-test-send').click();
    await expect(page.getByTestId('smtp-test-result')).toBeVisible();
    await snap(page, `accounts-smtp-settings-${label}`);
    const mail = await mailTo(`test-${label}@parley.test`);
    expect(mail.subject).toBeTruthy();
  });
});

test('a guest reads a public channel and is asked to sign in to send', async ({ browser, request }) => {
  const token = await adminToken(request);
  const headers = { 'x-api-key': token };
  const config = await (await request.get('/api/admin/login/config')).json();
  expect(
    (await request.post('/api/admin/login/config', { headers, data: { ...config, guest: true } })).ok(),
  ).toBe(true);
  const group = await request.post('/api/group', { headers, data: { name: 'guest-lobby', is_public: true } });
  const body = await group.json();
  const gid = typeof body === 'number' ? body : body.gid;
  const sent = await request.post(`/api/group/${gid}/send`, {
    headers: { ...headers, 'content-type': 'text/plain' },
    data: 'Welcome, visitors!',
  });
  expect(sent.ok()).toBe(true);
  try {
    await inEveryView(browser, async (page, label) => {
      await page.goto('/#/login');
      await page.getByTestId('login-guest').click();
      await page.waitForURL(/#\/chat/);
      await page.goto(`/#/chat/channel/${gid}`);
      await expect(page.getByText('Welcome, visitors!')).toBeVisible();
      await expect(page.getByTestId('composer-guest')).toBeVisible();
      await expect(page.getByTestId('composer')).toHaveCount(0);
      await snap(page, `accounts-guest-channel-${label}`);
      await page.getByTestId('composer-guest-sign-in').click();
      await expect(page.getByTestId('login-form')).toBeVisible();
    });
  } finally {
    await request.post('/api/admin/login/config', { headers, data: { ...config, guest: false } });
  }
});

test('a private-channel invite accepted by a second user', async ({ browser, request }) => {
  const token = await adminToken(request);
  const headers = { 'x-api-key': token };
  const group = await request.post('/api/group', {
    headers,
    data: { name: 'inner-circle', is_public: false, members: [] },
  });
  const body = await group.json();
  const gid = typeof body === 'number' ? body : body.gid;
  const link = await (
    await request.get(`/api/group/create_invite_private_magic_link?gid=${gid}`, { headers })
  ).text();
  const who = {
    email: `ivy-${Date.now()}@parley.test`,
    password: 'ivy password 12',
    name: `Ivy${Date.now() % 10000}`,
  };
  const reg = await request.post('/api/user/register', { data: { ...who, gender: 0, device: 'e2e' } });
  expect(reg.ok(), `${reg.status()} ${await reg.text()}`).toBe(true);

  await inEveryView(browser, async (page, label) => {
    await page.goto('/#/login');
    await page.getByTestId('login-email').fill(who.email);
    await page.getByTestId('login-password').fill(who.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/#\/chat/);
    const hash = new URL(link).hash;
    await page.goto(`/${hash}`);
    const state = page.getByTestId('invite-private-state');
    if (label === 'desktop-light') {
      await expect(state).toHaveAttribute('data-state', 'valid');
      await snap(page, `accounts-invite-private-${label}`);
      await page.getByTestId('invite-private-join').click();
      await page.waitForURL(new RegExp(`#/chat/channel/${gid}`));
      await expect(page.getByText('inner-circle').first()).toBeVisible();
    } else {
      await expect(state).toHaveAttribute('data-state', 'valid');
      await page.getByTestId('invite-private-join').click();
      await expect(state).toHaveAttribute('data-state', 'already');
      await snap(page, `accounts-invite-private-already-${label}`);
    }
  });
});
