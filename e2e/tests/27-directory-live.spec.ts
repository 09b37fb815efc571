import { expect, test, type APIRequestContext, type APIResponse, type Browser } from '@playwright/test';
import { adminToken, messageWith, openChannel, registerAccount, signIn, snap } from './support.js';

/**
 * The member directory follows changes live (issue 13; docs/api.md "Member directory"): with the
 * directory restricted, a member's Users screen loses a co-member when they are removed from the
 * only channel they shared, and gains everyone when the member is made an administrator — without
 * a reload. The server side is packages/server/test/directory-retraction.test.ts and
 * directory-promotion.test.ts.
 *
 * A public channel is shared by everyone, so the spec makes the public channels of earlier specs
 * private (the administrator alone) for its run and public again at the end, and sets the
 * directory back to `everyone`. Screenshots light and dark, phone and desktop.
 */
const stamp = Date.now();
const person = (name: string) => ({
  email: `${name.toLowerCase()}-${stamp}@parley.test`,
  password: `${name.toLowerCase()} password 123`,
  name: `${name}${stamp % 10000}`,
});
const MIA = person('Lia');
const NOA = person('Noa');
const OLU = person('Olu');
test.describe.configure({ mode: 'serial' });

let headers: Record<string, string> = {};
let adminUid = 0;
const uids = { mia: 0, noa: 0, olu: 0 };
let noaToken = '';
let gid = 0;
let madePrivate: number[] = [];

async function ok(response: Promise<APIResponse>): Promise<APIResponse> {
  const res = await response;
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

test.beforeAll(async ({ request }) => {
  headers = { 'x-api-key': await adminToken(request, 'e2e-directory-live') };
  adminUid = ((await (await ok(request.get('/api/user/me', { headers }))).json()) as { uid: number }).uid;
  uids.mia = (await registerAccount(request, headers, MIA)).uid;
  ({ uid: uids.noa, token: noaToken } = await registerAccount(request, headers, NOA));
  uids.olu = (await registerAccount(request, headers, OLU)).uid;
  const group = await ok(
    request.post('/api/group', {
      headers,
      data: { name: `live directory ${stamp % 10000}`, is_public: false, members: [uids.mia, uids.noa] },
    }),
  );
  gid = ((await group.json()) as { gid: number }).gid;
  await ok(
    request.post(`/api/group/${gid}/send`, {
      headers: { 'x-api-key': noaToken, 'content-type': 'text/plain' },
      data: 'hello from Noa',
    }),
  );
  const groups = (await (await ok(request.get('/api/group', { headers }))).json()) as {
    gid: number;
    is_public: boolean;
  }[];
  madePrivate = groups.filter((g) => g.is_public).map((g) => g.gid);
  for (const id of madePrivate) {
    await ok(
      request.post(`/api/group/${id}/change_type`, {
        headers,
        data: { is_public: false, members: [adminUid] },
      }),
    );
  }
  await ok(
    request.put('/api/admin/system/common', { headers, data: { directory_visibility: 'shared_channels' } }),
  );
});

test.afterAll(async ({ request }) => {
  await request.put('/api/admin/system/common', { headers, data: { directory_visibility: 'everyone' } });
  for (const id of madePrivate) {
    await request.post(`/api/group/${id}/change_type`, { headers, data: { is_public: true } });
  }
});

const open = async (browser: Browser, width: number, scheme: 'light' | 'dark') => {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 812 : 900 },
    colorScheme: scheme,
  });
  const page = await context.newPage();
  await signIn(page, MIA);
  await page.goto('/#/users');
  return page;
};

const setRole = (request: APIRequestContext, uid: number, isAdmin: boolean) =>
  ok(request.put(`/api/admin/user/${uid}`, { headers, data: { is_admin: isAdmin } }));

test('a member’s Users screen loses a co-member removed from the channel and gains everyone when promoted', async ({
  browser,
  request,
}) => {
  const phone = await open(browser, 375, 'dark');
  const desktop = await open(browser, 1280, 'light');
  for (const page of [phone, desktop]) {
    await expect(page.getByTestId(`user-item-${uids.noa}`)).toBeVisible();
    await expect(page.getByTestId(`user-item-${adminUid}`)).toBeVisible();
    await expect(page.getByTestId(`user-item-${uids.olu}`)).toHaveCount(0);
    await expect(page.getByTestId('directory-note')).toBeVisible();
  }
  await snap(phone, 'directory-live-before-phone-dark');

  // Noa is removed from the only channel she shared with Mia: she leaves Mia's list.
  await ok(request.post(`/api/group/${gid}/members/remove`, { headers, data: [uids.noa] }));
  for (const page of [phone, desktop]) {
    await expect(page.getByTestId(`user-item-${uids.noa}`)).toHaveCount(0);
    await expect(page.getByTestId(`user-item-${adminUid}`)).toBeVisible();
  }
  await snap(desktop, 'directory-live-removed-desktop-light');
  // Her message stays; the client, which no longer holds her, names her by number.
  await openChannel(desktop, gid);
  const message = messageWith(desktop, 'hello from Noa');
  await expect(message).toBeVisible();
  await expect(message.locator('.message__author')).toHaveText(`User ${uids.noa}`);
  await snap(desktop, 'directory-live-unknown-author-desktop-light');
  await desktop.goto('/#/users');

  // Mia becomes an administrator: everyone appears, the note goes.
  await setRole(request, uids.mia, true);
  for (const page of [phone, desktop]) {
    await expect(page.getByTestId(`user-item-${uids.olu}`)).toBeVisible();
    await expect(page.getByTestId(`user-item-${uids.noa}`)).toBeVisible();
    await expect(page.getByTestId('directory-note')).toHaveCount(0);
  }
  await snap(phone, 'directory-live-promoted-phone-dark');
  await snap(desktop, 'directory-live-promoted-desktop-light');

  // And back: demoted, she sees only the administrator again.
  await setRole(request, uids.mia, false);
  for (const page of [phone, desktop]) {
    await expect(page.getByTestId(`user-item-${uids.olu}`)).toHaveCount(0);
    await expect(page.getByTestId(`user-item-${uids.noa}`)).toHaveCount(0);
    await expect(page.getByTestId('directory-note')).toBeVisible();
  }
  await snap(desktop, 'directory-live-demoted-desktop-light');
});
