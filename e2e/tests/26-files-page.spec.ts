import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { PDF, sendFile } from './files-support.js';
import { adminToken, registerAccount, signIn, snap } from './support.js';

/**
 * The Files screen /#/files (issue 11): a member sees the files of the channels they are in and of
 * their DMs, filters them by type, sender, conversation and name, downloads one and jumps to its
 * message; an outsider never sees a private channel's file. Every file is sent through the API
 * before a page opens, and each step waits for what it checks to be visible.
 */
test.describe.configure({ mode: 'serial' });
const stamp = Date.now() % 100000;
const person = (name: string) => ({
  email: `${name.toLowerCase()}.${stamp}@parley.test`,
  password: `${name} password 123`,
  name: `${name}${stamp}`,
});
const NORA = person('Nora');
const OMAR = person('Omar');
const PIA = person('Pia');
const tokens: Record<string, string> = {};
const uids: Record<string, number> = {};
let gid = 0;
const REPORT = `report-${stamp}.pdf`;
const PHOTO = `photo-${stamp}.png`;
const NOTE = `dm-note-${stamp}.txt`;

test.beforeAll(async ({ request }) => {
  const admin = { 'x-api-key': await adminToken(request, 'e2e-files-page') };
  for (const who of [NORA, OMAR, PIA]) {
    const { uid, token } = await registerAccount(request, admin, who);
    uids[who.name] = uid;
    tokens[who.name] = token;
  }
  const created = await request.post('/api/group', {
    headers: { 'x-api-key': tokens[NORA.name]! },
    data: { name: `vault ${stamp}`, is_public: false, members: [uids[OMAR.name]] },
  });
  const body = await created.json();
  gid = typeof body === 'number' ? body : (body.gid as number);
  const png = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#3b82f6' } })
    .png()
    .toBuffer();
  await sendFile(request, tokens[NORA.name]!, `group/${gid}`, REPORT, 'application/pdf', PDF);
  await sendFile(request, tokens[OMAR.name]!, `group/${gid}`, PHOTO, 'image/png', png);
  await sendFile(
    request,
    tokens[NORA.name]!,
    `user/${uids[PIA.name]}`,
    NOTE,
    'text/plain',
    Buffer.from('hi'),
  );
});

const row = (page: Page, name: string) => page.getByTestId('files-row').filter({ hasText: name });

async function openFiles(page: Page) {
  await page.getByTestId('nav-files').click();
  await expect(page).toHaveURL(/#\/files$/);
  await expect(page.getByTestId('files-page')).toBeVisible();
}

test('a member lists, filters, downloads and jumps; an outsider sees only their own', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, OMAR);
  await openFiles(page);
  await expect(row(page, REPORT)).toBeVisible();
  await expect(row(page, PHOTO)).toBeVisible();
  // Omar is not a party to Nora and Pia's DM.
  await expect(row(page, NOTE)).toHaveCount(0);
  // Newest first: the photo was sent after the report.
  const names = await page
    .getByTestId('files-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));
  expect(names.indexOf(PHOTO)).toBeLessThan(names.indexOf(REPORT));

  // By keyboard: the "Images" chip, then the name search.
  await page.getByTestId('files-kind-image').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('files-kind-image')).toHaveAttribute('aria-pressed', 'true');
  await expect(row(page, REPORT)).toHaveCount(0);
  await expect(row(page, PHOTO)).toBeVisible();
  await page.getByTestId('files-kind-all').click();
  await page.getByTestId('files-filter-name').fill(`REPORT-${stamp}`);
  await expect(row(page, PHOTO)).toHaveCount(0);
  await expect(row(page, REPORT)).toBeVisible();
  await page.getByTestId('files-filter-name').fill('');
  await page.getByTestId('files-filter-from').selectOption(String(uids[OMAR.name]));
  await expect(row(page, REPORT)).toHaveCount(0);
  await expect(row(page, PHOTO)).toBeVisible();
  await page.getByTestId('files-filter-from').selectOption('');
  await page.getByTestId('files-filter-where').selectOption(`g${gid}`);
  await expect(row(page, REPORT)).toBeVisible();
  await expect(row(page, PHOTO)).toBeVisible();

  // The download is byte-identical.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row(page, REPORT).getByTestId('files-download').click(),
  ]);
  const saved = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(saved).equals(PDF)).toBe(true);

  // Go to the message: the channel opens on it.
  const mid = await row(page, REPORT).getAttribute('data-mid');
  await row(page, REPORT).getByTestId('files-jump').click();
  await expect(page).toHaveURL(new RegExp(`#/chat/channel/${gid}`));
  await expect(page.locator(`[data-testid="message"][data-mid="${mid}"]`)).toBeVisible();
  await context.close();

  // Pia, an outsider to the channel, sees only Nora's DM file.
  const outsider = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const piaPage = await outsider.newPage();
  await signIn(piaPage, PIA);
  await openFiles(piaPage);
  await expect(row(piaPage, NOTE)).toBeVisible();
  await expect(row(piaPage, REPORT)).toHaveCount(0);
  await expect(row(piaPage, PHOTO)).toHaveCount(0);
  await outsider.close();
});

for (const theme of ['light', 'dark'] as const) {
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 375, height: 740 }],
  ] as const) {
    test(`screenshot ${theme} ${label}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, colorScheme: theme });
      const page = await context.newPage();
      await signIn(page, NORA);
      await page.goto('/#/files');
      await expect(row(page, PHOTO)).toBeVisible();
      await expect(row(page, NOTE)).toBeVisible();
      await expect(row(page, PHOTO).locator('img')).toHaveJSProperty('complete', true);
      await snap(page, `files-page-${theme}-${label}`);
      await context.close();
    });
  }
}
