import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  ADMIN,
  adminToken,
  createPublicChannel,
  messageWith,
  openAs,
  openChannel,
  registerMember,
  snap,
} from './support.js';

/**
 * Issue 10, forwarding and saved items: the administrator forwards two messages at once to a
 * channel and to Dana; Dana sees them rendered from the archive (sender names and texts) in both
 * places. Dana saves a message, finds it on /favs, and removes it. Screenshots light/dark, phone
 * and desktop. Independent of the other specs: it creates what it needs through the API.
 */
const stamp = Date.now() % 100000;
const DANA = { email: `fwd-${stamp}@parley.test`, password: 'dana password 12', name: `Fwd${stamp}` };
const FIRST = `Budget approved ${stamp}`;
const SECOND = `Launch moved to March ${stamp}`;

let gid = 0;
let targetGid = 0;
let danaUid = 0;
let adminHeaders: Record<string, string> = {};

const createChannel = (request: APIRequestContext, name: string) =>
  createPublicChannel(request, adminHeaders, name);

test.beforeAll(async ({ request }) => {
  adminHeaders = { 'x-api-key': await adminToken(request) };
  danaUid = await registerMember(request, adminHeaders, DANA);
  gid = await createChannel(request, `source-${stamp}`);
  targetGid = await createChannel(request, `target-${stamp}`);
  for (const text of [FIRST, SECOND]) {
    const sent = await request.post(`/api/group/${gid}/send`, {
      headers: { ...adminHeaders, 'content-type': 'text/plain' },
      data: text,
    });
    expect(sent.ok()).toBe(true);
  }
});

test('forward two messages to a channel and a person; save, list and remove a message', async ({
  browser,
}) => {
  const admin = await openAs(browser, ADMIN);
  const dana = await openAs(browser, DANA);
  const a = admin.page;
  const d = dana.page;
  await openChannel(a, gid);

  // Select both messages, then forward them to the channel and to Dana at once.
  await messageWith(a, FIRST).click({ button: 'right' });
  await a.getByTestId('menu-select').click();
  await messageWith(a, SECOND).click();
  await expect(a.getByTestId('selection-count')).toHaveText('2 messages selected');
  await a.getByTestId('selection-forward').click();
  const dialog = a.getByTestId('forward-dialog');
  await expect(dialog).toBeVisible();
  await a.getByTestId('forward-search').fill(`target-${stamp}`);
  await a.getByTestId(`forward-target-group:${targetGid}`).check();
  await a.getByTestId('forward-search').fill(DANA.name);
  await a.getByTestId(`forward-target-user:${danaUid}`).check();
  await snap(a, 'forward-dialog-light-1280');
  await a.getByTestId('forward-confirm').click();
  await expect(dialog).toHaveCount(0);

  // Dana sees the forwarded messages rendered in the channel and in the DM.
  for (const path of [`/#/chat/channel/${targetGid}`, `/#/chat/dm/1`]) {
    await d.goto(path);
    const view = d.getByTestId('archive-view').last();
    await expect(view.getByTestId('archive-item')).toHaveCount(2);
    await expect(view).toContainText(FIRST);
    await expect(view).toContainText(SECOND);
    await expect(view).toContainText(ADMIN.name);
  }
  await snap(d, 'forward-received-light-1280');

  // Save a message, find it on /favs, remove it.
  await openChannel(d, gid);
  await messageWith(d, SECOND).click({ button: 'right' });
  await d.getByTestId('menu-favorite').click();
  await d.getByTestId('nav-favs').click();
  await expect(d.getByTestId('favs-page')).toBeVisible();
  const item = d.getByTestId('fav-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(SECOND);
  await snap(d, 'favs-light-1280');
  await item.getByTestId('fav-remove').click();
  await expect(d.getByTestId('fav-item')).toHaveCount(0);
  await expect(d.getByTestId('favs-empty')).toBeVisible();
  await admin.context.close();
  await dana.context.close();
});

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    test(`forwarded messages and saved items look right in ${theme} at ${viewport.width} px`, async ({
      browser,
      request,
    }) => {
      const mids = (await (
        await request.get(`/api/group/${gid}/history`, { headers: adminHeaders })
      ).json()) as { mid: number }[];
      const favorite = await request.post('/api/favorite', {
        headers: adminHeaders,
        data: { mid_list: mids.slice(0, 2).map((m) => m.mid) },
      });
      expect(favorite.ok()).toBe(true);
      const { context, page } = await openAs(browser, ADMIN, { viewport, colorScheme: theme });
      const tag = `${theme}-${viewport.width}`;
      await openChannel(page, targetGid);
      await expect(page.getByTestId('archive-item').first()).toBeVisible();
      await snap(page, `forward-received-${tag}`);
      await page.goto('/#/favs');
      await expect(page.getByTestId('fav-item').first()).toContainText(FIRST);
      await snap(page, `favs-${tag}`);
      await context.close();
    });
  }
}
