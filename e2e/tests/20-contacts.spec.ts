import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { adminToken, registerAccount, signIn, snap } from './support.js';

/**
 * Contacts and user search (API.md §4.3, issue 10): on the members page Lia finds Rex with the
 * find-someone dialog (by name, keyboard only), adds him, blocks and unblocks him; Rex's DM is
 * refused while blocked ("Send failed, blocked maybe"); the filter lists contacts and blocked
 * people, also on a fresh device. A conversation with unread messages opens at the "New messages"
 * line with a jump-to-latest button. Screenshots light and dark, phone and desktop.
 */
const stamp = Date.now();
const LIA = { email: `lia-${stamp}@parley.test`, password: 'lia password 123', name: `Lia${stamp % 10000}` };
const REX = { email: `rex-${stamp}@parley.test`, password: 'rex password 123', name: `Rex${stamp % 10000}` };
test.describe.configure({ mode: 'serial' });
const uids: Record<string, number> = {};
const tokens: Record<string, string> = {};

async function register(request: APIRequestContext, headers: Record<string, string>, who: typeof LIA) {
  const { uid, token } = await registerAccount(request, headers, who);
  uids[who.name] = uid;
  tokens[who.name] = token;
}

test.beforeAll(async ({ request }) => {
  const headers = { 'x-api-key': await adminToken(request, 'e2e-contacts') };
  for (const who of [LIA, REX]) await register(request, headers, who);
});

const open = async (browser: Browser, who: typeof LIA, width = 1280) => {
  const page = await (
    await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 900 } })
  ).newPage();
  await signIn(page, who);
  return page;
};

test('find someone, add, block and unblock them; the block refuses their DMs', async ({ browser }) => {
  const lia = await open(browser, LIA);
  await lia.goto('/#/users');
  await lia.getByTestId('user-search-open').click();
  const dialog = lia.getByTestId('user-search-dialog');
  await expect(dialog).toBeVisible();
  // Keyboard only: the keyword field has focus; Enter searches; the first action gets focus.
  await lia.keyboard.type('nobody-by-this-name');
  await lia.keyboard.press('Enter');
  await expect(dialog.getByTestId('user-search-miss')).toHaveText(
    'Not found, or this user is not allowed to be searched',
  );
  await dialog.getByTestId('user-search-keyword').fill(REX.name.toLowerCase());
  await lia.keyboard.press('Enter');
  await expect(dialog.getByTestId('user-search-result')).toContainText(REX.name);
  await expect(dialog.getByTestId('user-search-dm')).toBeFocused();
  await dialog.getByTestId('contact-add').click();
  await expect(dialog.getByTestId('contact-status')).toHaveText('In your contacts');
  await lia.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await lia.getByTestId('contact-filter-added').click();
  await expect(lia.getByTestId(`user-item-${uids[REX.name]}`)).toBeVisible();
  await lia.getByTestId('contact-filter-blocked').click();
  await expect(lia.getByTestId('user-list-empty')).toHaveText('You have not blocked anyone.');

  // A fresh device rebuilds the list from GET /user/contacts.
  const fresh = await open(browser, LIA);
  await fresh.goto('/#/users');
  await fresh.getByTestId('contact-filter-added').click();
  await expect(fresh.getByTestId(`user-item-${uids[REX.name]}`)).toBeVisible();

  // Block from the profile: Rex's DM is refused; the other device follows (user_settings_changed).
  await lia.getByTestId('contact-filter-all').click();
  await lia.getByTestId(`user-item-${uids[REX.name]}`).click();
  await lia.getByTestId('contact-block').click();
  await expect(lia.getByTestId('contact-status')).toHaveText('Blocked');
  await fresh.getByTestId('contact-filter-blocked').click();
  await expect(fresh.getByTestId(`user-item-${uids[REX.name]}`)).toBeVisible();
  await expect(fresh.getByTestId('user-blocked-badge')).toBeVisible();

  const rex = await open(browser, REX);
  await rex.goto(`/#/chat/dm/${uids[LIA.name]}`);
  await rex.getByTestId('composer').fill('hello?');
  await rex.getByTestId('composer').press('Enter');
  await expect(rex.getByText('Send failed, blocked maybe')).toBeVisible();

  // Unblock: Rex writes again.
  await lia.getByTestId('contact-unblock').click();
  await expect(lia.getByTestId('contact-status')).toHaveText('Not in your contacts');
  const sent = await rex.request.post(`/api/user/${uids[LIA.name]}/send`, {
    headers: { 'x-api-key': tokens[REX.name]!, 'content-type': 'text/plain' },
    data: 'hello again',
  });
  expect(sent.ok()).toBe(true);
  for (const page of [lia, fresh, rex]) await page.context().close();
});

test('an unread conversation opens at the "New messages" line, with a jump to the latest', async ({
  browser,
  request,
}) => {
  const say = async (from: string, to: number, text: string) => {
    const res = await request.post(`/api/user/${to}/send`, {
      headers: { 'x-api-key': tokens[from]!, 'content-type': 'text/plain' },
      data: text,
    });
    expect(res.ok()).toBe(true);
  };
  const lia = await open(browser, LIA);
  for (let n = 1; n <= 30; n++) await say(REX.name, uids[LIA.name]!, `read ${n}`);
  await lia.goto(`/#/chat/dm/${uids[REX.name]}`);
  await expect(lia.getByTestId('message').filter({ hasText: 'read 30' })).toBeVisible();
  await lia.goto('/#/chat');
  for (let n = 1; n <= 30; n++) await say(REX.name, uids[LIA.name]!, `unread ${n}`);
  await lia.goto(`/#/chat/dm/${uids[REX.name]}`);
  const divider = lia.getByTestId('unread-divider');
  await expect(divider).toBeInViewport();
  await expect(lia.getByTestId('message').filter({ hasText: 'unread 1' }).first()).toBeInViewport();
  await expect(lia.getByTestId('message').filter({ hasText: 'unread 30' })).not.toBeInViewport();
  await lia.getByTestId('jump-to-latest').click();
  await expect(lia.getByTestId('message').filter({ hasText: 'unread 30' })).toBeInViewport();
  await lia.context().close();
});

test('messages arriving just after opening at the "New messages" line do not scroll it away', async ({
  browser,
  request,
}) => {
  // CI once opened the conversation while the unread burst was still streaming in: following the
  // late arrivals scrolled the line out of view. Here the burst arrives after opening, on purpose.
  const say = async (text: string) => {
    const res = await request.post(`/api/user/${uids[LIA.name]}/send`, {
      headers: { 'x-api-key': tokens[REX.name]!, 'content-type': 'text/plain' },
      data: text,
    });
    expect(res.ok()).toBe(true);
    return Number(await res.text());
  };
  // Two digits, so that no number's text contains another's.
  const two = (n: number) => String(n).padStart(2, '0');
  let lastSeen = 0;
  for (let n = 1; n <= 30; n++) lastSeen = await say(`seen ${two(n)}`);
  const read = await request.post('/api/user/read-index', {
    headers: { 'x-api-key': tokens[LIA.name]! },
    data: { users: [{ uid: uids[REX.name], mid: lastSeen }] },
  });
  expect(read.ok()).toBe(true);
  const lia = await open(browser, LIA);
  const message = (text: string) => lia.getByTestId('message').filter({ hasText: text });
  for (let n = 1; n <= 2; n++) await say(`late ${two(n)}`);
  await lia.goto(`/#/chat/dm/${uids[REX.name]}`);
  await expect(message('late 02')).toBeVisible();
  const divider = lia.getByTestId('unread-divider');
  await expect(divider).toBeInViewport();
  for (let n = 3; n <= 30; n++) await say(`late ${two(n)}`);
  await expect(message('late 30')).toHaveCount(1);
  await expect(divider).toBeInViewport();
  await expect(message('late 30')).not.toBeInViewport();
  await lia.getByTestId('jump-to-latest').click();
  await expect(message('late 30')).toBeInViewport();
  // At the latest, the list follows again.
  await say('late 31');
  await expect(message('late 31')).toBeInViewport();
  await lia.context().close();
});

test('a forwarded file shows from the archive; the channel link-preview switch sticks', async ({
  browser,
  request,
}) => {
  const lia = { 'x-api-key': tokens[LIA.name]! };
  const created = await request.post('/api/group', {
    headers: lia,
    data: { name: `files ${stamp % 10000}`, is_public: false, members: [] },
  });
  const body = await created.json();
  const gid = typeof body === 'number' ? body : (body.gid as number);
  const prepared = await request.post('/api/resource/file/prepare', {
    headers: lia,
    data: { content_type: 'text/plain', filename: 'minutes.txt' },
  });
  const fileId = (await prepared.json()) as string;
  const uploaded = await request.post('/api/resource/file/upload', {
    headers: lia,
    multipart: {
      file_id: fileId,
      chunk_data: { name: 'minutes.txt', mimeType: 'text/plain', buffer: Buffer.from('the minutes') },
      chunk_is_last: 'true',
    },
  });
  const { path } = (await uploaded.json()) as { path: string };
  const sent = await request.post(`/api/group/${gid}/send`, {
    headers: { ...lia, 'content-type': 'vocechat/file' },
    data: JSON.stringify({ path }),
  });
  const archive = await request.post('/api/resource/archive', {
    headers: lia,
    data: { mid_list: [await sent.json()] },
  });
  const archivePath = (await archive.json()) as string;
  const forwarded = await request.post(`/api/user/${uids[REX.name]}/send`, {
    headers: { ...lia, 'content-type': 'vocechat/archive', 'x-properties': '' },
    data: archivePath,
  });
  expect(forwarded.ok()).toBe(true);
  // Rex is not in the channel, yet reads the forwarded file through the archive.
  const rex = await open(browser, REX);
  await rex.goto(`/#/chat/dm/${uids[LIA.name]}`);
  const file = rex.getByTestId('archive-file');
  await expect(file).toContainText('minutes.txt');
  const href = await file.getAttribute('href');
  expect(await (await rex.request.get(href!)).text()).toBe('the minutes');
  await file.scrollIntoViewIfNeeded();
  await snap(rex, 'contacts-forwarded-file-light-1280');
  await rex.context().close();

  // The owner turns link previews off for the channel; a reload still shows it off.
  const page = await open(browser, LIA);
  await page.goto(`/#/setting/channel/${gid}`);
  const previews = page.getByTestId('switch-link-previews');
  await expect(previews).toBeChecked();
  await previews.click();
  await expect(previews).not.toBeChecked();
  await page.reload();
  await expect(page.getByTestId('switch-link-previews')).not.toBeChecked();
  await page.context().close();
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [375, 1280]) {
    test(`contacts screenshots in ${theme} at ${width} px`, async ({ browser, request }) => {
      // Rex as Lia's contact (the first test ends with him unblocked, so without a status).
      const added = await request.post('/api/user/update_contact_status', {
        headers: { 'x-api-key': tokens[LIA.name]! },
        data: { action: 'add', target_uid: uids[REX.name] },
      });
      expect(added.ok()).toBe(true);
      const context = await browser.newContext({
        viewport: { width, height: width < 500 ? 812 : 900 },
        colorScheme: theme,
      });
      const page = await context.newPage();
      await signIn(page, LIA);
      await page.goto('/#/users');
      await page.getByTestId('contact-filter-added').click();
      await expect(page.getByTestId(`user-item-${uids[REX.name]}`)).toBeVisible();
      await snap(page, `contacts-list-${theme}-${width}`);
      await page.getByTestId('user-search-open').click();
      await page.getByTestId('user-search-keyword').fill(REX.email);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('user-search-result')).toBeVisible();
      await snap(page, `contacts-search-${theme}-${width}`);
      await page.keyboard.press('Escape');
      await page.getByTestId(`user-item-${uids[REX.name]}`).click();
      await expect(page.getByTestId('contact-status')).toBeVisible();
      await snap(page, `contacts-profile-${theme}-${width}`);
      await context.close();
    });
  }
}
