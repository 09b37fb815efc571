import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, adminToken, signIn, snap } from './support.js';

/**
 * Issue 13, bots: an administrator creates a bot in Settings › Bots and webhooks, gets its key
 * once with a curl snippet, and the request that snippet describes posts a message that appears
 * live in the open channel. Independent of the other specs: it sets up the administrator itself.
 */
const CHANNEL = 'bot-notifications';
const BOT_NAME = 'Deploy Bot';
let gid = 0;

test.beforeAll(async ({ request }) => {
  const token = await adminToken(request, 'e2e-bots');
  const group = await request.post('/api/group', {
    headers: { 'x-api-key': token },
    data: { name: CHANNEL, is_public: true },
  });
  expect(group.ok()).toBe(true);
  const body = await group.json();
  gid = typeof body === 'number' ? body : body.gid;
});

/** What the curl snippet says, as a request: the URL, the key header and the text. */
function parseCurl(snippet: string) {
  const url = /curl -X POST '([^']+)'/.exec(snippet)?.[1];
  const key = /-H 'x-api-key: ([^']+)'/.exec(snippet)?.[1];
  const text = /--data '([^']+)'/.exec(snippet)?.[1];
  if (!url || !key || !text) throw new Error(`not a curl snippet: ${snippet}`);
  return { url, key, text };
}

async function openBot(page: Page) {
  await page.goto('/#/setting/bots');
  await expect(page.getByTestId('bots-page')).toBeVisible();
  await page.getByTestId('bot-list').getByText(BOT_NAME).click();
  await expect(page.getByTestId('bot-detail')).toBeVisible();
}

test('a bot made in the settings posts through its curl snippet, and the message appears live', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, ADMIN);
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-nav-bots').click();
  await expect(page.getByTestId('bots-page')).toBeVisible();

  await page.getByTestId('bot-name').fill(BOT_NAME);
  await page.getByTestId('bot-create-submit').click();
  await expect(page.getByTestId('bot-detail')).toBeVisible();
  await page.getByTestId('bot-key-name').fill('ci');
  await page.getByTestId('bot-key-create').click();
  const key = (await page.getByTestId('bot-key-value').textContent())?.trim() ?? '';
  expect(key).toMatch(/^pb\./);
  const snippet = (await page.getByTestId('bot-key-curl').textContent()) ?? '';
  const curl = parseCurl(snippet);
  expect(curl.key).toBe(key);
  // The snippet names a public channel the admin can see: the spec's own when it runs alone, an
  // earlier spec's when the whole suite shares the server.
  const snippetGid = Number(/\/api\/bot\/send_to_group\/(\d+)$/.exec(curl.url ?? '')?.[1]);
  expect(snippetGid).toBeGreaterThan(0);
  // Once dismissed, the key is gone: the list shows its prefix only.
  await page.getByTestId('bot-key-done').click();
  await expect(page.getByTestId('bot-keys')).not.toContainText(key);
  await expect(page.getByTestId('bot-keys')).toContainText(key.slice(0, 11));

  await page.goto(`/#/chat/channel/${snippetGid}`);
  await expect(page.getByTestId('composer')).toBeVisible();
  const sent = await request.post(curl.url!, {
    headers: { 'x-api-key': curl.key, 'content-type': 'text/plain' },
    data: curl.text,
  });
  expect(sent.ok()).toBe(true);
  await expect(page.getByTestId('message').filter({ hasText: curl.text })).toBeVisible();
  await snap(page, 'bots-message-live');
  await context.close();
});

test('a webhook set in the settings receives a message, and the delivery log shows it', async ({
  browser,
  request,
}) => {
  const received: string[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      if (req.method === 'POST') received.push(body);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await openBot(page);
    await page.getByTestId('bot-webhook-url').fill(url);
    await page.getByTestId('bot-webhook-save').click();
    await expect(page.getByTestId('bot-webhook-secret')).toContainText('whsec_');

    const token = await adminToken(request, 'e2e-bots');
    const sent = await request.post(`/api/group/${gid}/send`, {
      headers: { 'x-api-key': token, 'content-type': 'text/plain' },
      data: 'Deploy finished',
    });
    expect(sent.ok()).toBe(true);
    await expect.poll(() => received.some((b) => b.includes('Deploy finished'))).toBe(true);
    await expect(async () => {
      await page.getByTestId('bot-log-refresh').click();
      await expect(page.getByTestId('bot-log')).toContainText(String(await sent.json()), { timeout: 500 });
    }).toPass();
    await page.getByTestId('bot-log').scrollIntoViewIfNeeded();
    await snap(page, 'bots-webhook-log');
    await context.close();
  } finally {
    receiver.close();
  }
});

for (const theme of ['light', 'dark'] as const) {
  for (const { name, viewport } of [
    { name: '375', viewport: { width: 375, height: 812 } },
    { name: '1440', viewport: { width: 1440, height: 900 } },
  ]) {
    test(`the bot settings in ${theme} at ${name} px`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, colorScheme: theme });
      const page = await context.newPage();
      await signIn(page, ADMIN);
      await openBot(page);
      await page.getByTestId('bot-key-name').fill(`key-${theme}-${name}`);
      await page.getByTestId('bot-key-create').click();
      await expect(page.getByTestId('bot-key-once')).toBeVisible();
      await snap(page, `bots-${theme}-${name}`);
      await page.getByTestId('bot-log').scrollIntoViewIfNeeded();
      await snap(page, `bots-log-${theme}-${name}`);
      await context.close();
    });
  }
}
