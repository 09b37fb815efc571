/* global window, document -- used inside functions that run in the page */
/**
 * The steps a person takes in Parley's web client for a call, driven through Playwright in
 * bench/voice-media.mjs: sign in, open a channel, join its voice room through the device test,
 * leave; and a wait until media from the other members flows into a page.
 */
import { inbound } from './media-page.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function signIn(page, who) {
  await page.goto('/#/login');
  await page.getByTestId('login-email').fill(who.email);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/#\/chat/);
}

export async function openChannel(page, gid) {
  await page.goto(`/#/chat/channel/${gid}`);
  await page.getByTestId('voice-open').waitFor();
}

/**
 * Opens the device test and clicks join once its preview is up; `expect` is how many other
 * members' video the page's probe waits for. Resolves with the probe's `{first, all}` (ms from
 * the click), or without waiting for media when `timed` is false.
 */
export async function join(page, { expect, timed = true }) {
  await page.evaluate((n) => (window.__bench.expect = n), expect);
  await page.getByTestId('voice-open').click();
  await page.getByTestId('voice-device-test').waitFor();
  // The preview's own getUserMedia is done before the clock starts, as for a person who looks first.
  await page.waitForFunction(
    () => document.querySelector('[data-testid="voice-device-test"] video')?.srcObject,
  );
  await sleep(300);
  await page.getByTestId('voice-join').click();
  await page.getByTestId('voice-room').waitFor();
  return timed ? page.evaluate(() => window.__bench.current) : null;
}

export async function leave(page) {
  await page.getByTestId('voice-leave').click();
  await page.getByTestId('voice-room').waitFor({ state: 'detached' });
}

/** Per kind, how many inbound streams grew between two `inbound` readings. */
export function growing(before, after) {
  const was = new Map(before.streams.map((s) => [s.id, s]));
  const out = { audio: 0, video: 0 };
  for (const s of after.streams) {
    const b = was.get(s.id);
    if (b && s.packets > b.packets && (s.kind === 'audio' || s.frames > b.frames)) out[s.kind] += 1;
  }
  return out;
}

/** Waits until every page receives audio and video from `others` members, growing. */
export async function waitFlowing(pages, others, timeoutMs = 45_000) {
  const stopAt = Date.now() + timeoutMs;
  let before = await Promise.all(pages.map((p) => p.evaluate(inbound)));
  let seen = [];
  while (Date.now() < stopAt) {
    await sleep(1000);
    const now = await Promise.all(pages.map((p) => p.evaluate(inbound)));
    seen = now.map((n, i) => growing(before[i], n));
    if (seen.every((g) => g.audio === others && g.video === others)) return;
    before = now;
  }
  const got = seen.map((g) => `${g.audio}+${g.video}`).join(', ');
  throw new Error(`media from ${others} members did not flow into every page within ${timeoutMs} ms: ${got}`);
}

/** What each page shows of the call (tiles, its connections' states), for a run that went wrong. */
export function describeCall(pages) {
  return Promise.all(
    pages.map(async (page) => ({
      tiles: await page.getByTestId('voice-tile').count(),
      connections: await page.evaluate(() =>
        window.__bench.made.map((m) => m.pc.connectionState).filter((s) => s !== 'closed'),
      ),
      toasts: await page
        .getByRole('status')
        .allInnerTexts()
        .catch(() => []),
    })),
  );
}
