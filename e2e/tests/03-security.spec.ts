import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { sendFile } from './files-support.js';
import { ADMIN, adminToken, registerAccount, signIn, snap } from './support.js';

/**
 * Hostile content in a real browser (issue 8): markdown, a user name, a channel name and topic,
 * and files (their names and their contents) written to attack the reader. Nothing may run, nothing may be fetched from another host, and
 * the page's Content-Security-Policy must never have to step in (a violation means something got
 * as far as trying). Runs on its own or after the other specs (it sets the server up if needed).
 */
const REMOTE = 'https://tracker.example';
const PWN = 'window.__pwned=1';

const HOSTILE_MARKDOWN = [
  `<div style="position:fixed;inset:0;background:#fff;z-index:99999">Session expired — sign in again</div>`,
  `![pixel](${REMOTE}/read.png?who=me)`,
  `<img src="${REMOTE}/raw.png" onerror="${PWN}">`,
  `<script>${PWN}</script>`,
  `[click me](javascript:${PWN})`,
  `<svg onload="${PWN}"></svg><iframe src="${REMOTE}/frame"></iframe>`,
  `<a href="${REMOTE}" style="position:fixed;inset:0">overlay</a>`,
  `[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
  `<style>body{display:none}</style><link rel="stylesheet" href="${REMOTE}/x.css">`,
];
// Names are at most 32 characters: an alert() is the shortest payload (a dialog is caught below).
const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const HOSTILE_FILES: { name: string; type: string; body: Buffer }[] = [
  { name: `${HOSTILE_NAME}.png`, type: 'image/png', body: PNG },
  // No slash: the server keeps only what follows the last one (a browser may send a whole path).
  { name: '"><svg onload=alert(1)>.txt', type: 'text/plain', body: Buffer.from('hello') },
  // Shown as "reportexe.pdf" if the right-to-left override were kept.
  { name: 'report\u202Efdp.exe', type: 'application/octet-stream', body: Buffer.from('MZ') },
  {
    name: 'page.html',
    type: 'text/html',
    body: Buffer.from(`<script>${PWN}</script><img src="${REMOTE}/html.png">`),
  },
  {
    name: 'drawing.svg',
    type: 'image/svg+xml',
    body: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" onload="${PWN}"><image href="${REMOTE}/svg.png"/></svg>`,
    ),
  },
];

async function api(
  request: APIRequestContext,
  method: string,
  path: string,
  init: { token?: string; data?: unknown; body?: string; type?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (init.token) headers['x-api-key'] = init.token;
  if (init.type) headers['content-type'] = init.type;
  const res = await request.fetch(`/api${path}`, {
    method,
    headers,
    ...(init.data !== undefined ? { data: init.data } : { data: init.body }),
  });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
  return res;
}

/** The administrator (created if this spec runs alone), a hostile member, and their channels. */
async function setUp(request: APIRequestContext): Promise<{ gid: number; filesGid: number }> {
  const adminHeaders = { 'x-api-key': await adminToken(request, 'e2e-security') };
  const admin = (await (
    await api(request, 'GET', '/user/me', { token: adminHeaders['x-api-key'] })
  ).json()) as {
    uid: number;
  };
  const mallory = await registerAccount(request, adminHeaders, {
    email: `mallory${Date.now()}@parley.test`,
    password: 'mallory password 1',
    name: HOSTILE_NAME,
  });
  const { gid } = (await (
    await api(request, 'POST', '/group', {
      token: mallory.token,
      data: {
        name: HOSTILE_NAME,
        description: `<script>${PWN}</script> ![t](${REMOTE}/topic.png)`,
        is_public: false,
        members: [admin.uid],
      },
    })
  ).json()) as { gid: number };
  for (const text of HOSTILE_MARKDOWN) {
    await api(request, 'POST', `/group/${gid}/send`, {
      token: mallory.token,
      body: text,
      type: 'text/markdown',
    });
  }
  await api(request, 'POST', `/group/${gid}/send`, {
    token: mallory.token,
    body: `plain <img src=${REMOTE}/plain.png onerror=${PWN}> ${REMOTE}/link`,
    type: 'text/plain',
  });
  // The files in a channel of their own, so that both conversations fit their first screen.
  const { gid: filesGid } = (await (
    await api(request, 'POST', '/group', {
      token: mallory.token,
      data: { name: 'hostile files', is_public: false, members: [admin.uid] },
    })
  ).json()) as { gid: number };
  for (const file of HOSTILE_FILES) {
    await sendFile(request, mallory.token, `group/${filesGid}`, file.name, file.type, file.body);
  }
  return { gid, filesGid };
}

/** Records every request to another host (and stops it), dialogs, and CSP violations. */
async function watch(page: Page) {
  const remote: string[] = [];
  const dialogs: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).host !== new URL(test.info().project.use.baseURL!).host && !url.startsWith('data:')) {
      remote.push(url);
      return route.abort();
    }
    return route.continue();
  });
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return { remote, dialogs };
}

test('hostile markdown, names, topics and files: nothing runs, nothing remote loads, no CSP violation', async ({
  browser,
  request,
}) => {
  const { gid, filesGid } = await setUp(request);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const seen = await watch(page);

  await signIn(page, ADMIN);
  // The theme script ran: the CSP allows it by its hash.
  await expect(page.locator('html')).toHaveAttribute('data-theme', /^(light|dark)$/);
  await page.goto(`/#/chat/channel/${gid}`);
  await expect(page.getByTestId('message-list')).toContainText('Session expired');
  await expect(page.getByTestId('message-list')).toContainText('plain <img');
  await expect(page.getByTestId('channel-name')).toContainText('<img');
  // The author's HTML is text: the styled box is not an element, nothing in the log is fixed.
  await expect(page.getByTestId('message-list')).toContainText('<div style="position:fixed');
  const list = page.getByTestId('message-list');
  expect(
    await list
      .locator('.markdown img, .markdown iframe, .markdown svg, .markdown [style], .markdown script')
      .count(),
  ).toBe(0);
  const fixed = await list.evaluate(
    (root) =>
      [...root.querySelectorAll('*')].filter((el) => getComputedStyle(el).position === 'fixed').length,
  );
  expect(fixed).toBe(0);
  // The image is a link; the javascript: link is text that does not look like a link.
  await expect(list.locator('a.markdown__image-link')).toHaveAttribute('href', `${REMOTE}/read.png?who=me`);
  const neutral = list.locator('.markdown__neutralised', { hasText: 'click me' });
  await expect(neutral).toBeVisible();
  expect(await neutral.evaluate((el) => el.tagName)).toBe('SPAN');
  expect(await neutral.evaluate((el) => getComputedStyle(el).cursor)).toBe('text');
  await neutral.click();
  await expect(page.locator('body')).toBeVisible();

  // Files: names are text (the override gone), the HTML and SVG are cards, never rendered.
  await page.goto(`/#/chat/channel/${filesGid}`);
  const files = page.getByTestId('message-list');
  await expect(files.getByTestId('file-card')).toHaveCount(HOSTILE_FILES.length - 1);
  await expect(files).toContainText('"><svg onload=alert(1)>.txt');
  await expect(files).toContainText('reportfdp.exe');
  expect(await files.textContent()).not.toContain('\u202E');
  await expect(files.getByTestId('file-card').filter({ hasText: 'drawing.svg' })).toBeVisible();
  expect(await files.locator('iframe, object, embed, svg image, script').count()).toBe(0);
  await snap(page, 'security-hostile-files');
  const image = files.getByTestId('file-image');
  await expect(image.locator('img')).toHaveAttribute('alt', `${HOSTILE_NAME}.png`);
  await image.click();
  await page.keyboard.press('Escape');

  const pwned = await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned);
  const csp = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  expect(pwned).toBeUndefined();
  expect(seen.dialogs).toEqual([]);
  expect(seen.remote).toEqual([]);
  expect(csp).toEqual([]);
  await context.close();
});
