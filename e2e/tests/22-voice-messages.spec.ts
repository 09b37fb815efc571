import { expect, test, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS } from '../chromium-flags';
import { adminToken, createPublicChannel, openChannel, registerMember, signIn, snap } from './support.js';

/**
 * Voice messages (issue 11): with Chromium's fake microphone one person records from the composer
 * (reached by keyboard; a live waveform and duration show) and sends; the other sees the player,
 * whose audio has a duration and plays (currentTime advances), and seeks with the slider. Escape
 * cancels a recording and sends nothing. Screenshots light/dark, phone/desktop.
 */
test.use({
  launchOptions: { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] },
});
test.describe.configure({ mode: 'serial' });

const stamp = Date.now() % 100000;
const VOX = { email: `vox.${stamp}@parley.test`, password: 'vox password 123', name: `Vox${stamp}` };
const ECHO = { email: `echo.${stamp}@parley.test`, password: 'echo password 123', name: `Echo${stamp}` };
let gid = 0;

test.beforeAll(async ({ request }) => {
  const headers = { 'x-api-key': await adminToken(request, 'e2e-voice-messages') };
  for (const who of [VOX, ECHO]) await registerMember(request, headers, who);
  gid = await createPublicChannel(request, headers, `voice notes ${stamp}`);
});

async function open(browser: Browser, who: typeof VOX, theme: 'light' | 'dark', width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 812 : 900 },
    colorScheme: theme,
    permissions: ['microphone'],
  });
  const page = await context.newPage();
  await signIn(page, who);
  await openChannel(page, gid);
  return page;
}

/** Records until the duration shows at least `seconds`, by keyboard: focus the record button, Enter. */
async function record(page: Page, seconds: number): Promise<void> {
  const button = page.getByTestId('voice-record');
  await expect(button).toBeEnabled();
  await button.focus();
  await page.keyboard.press('Enter');
  const recorder = page.getByTestId('voice-recorder');
  await expect(recorder).toHaveAttribute('data-phase', 'recording');
  await expect(page.getByTestId('voice-send')).toBeFocused();
  // At least `seconds` (under load a frame may skip past the exact second).
  const shown = page.getByTestId('voice-duration');
  await expect
    .poll(async () => Number((await shown.textContent())?.split(':')[1] ?? 0), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(seconds);
}

const audioState = (page: Page) =>
  page
    .getByTestId('voice-audio')
    .last()
    .evaluate((audio: HTMLAudioElement) => ({ duration: audio.duration, time: audio.currentTime }));

const finiteDuration = async (page: Page) => {
  const { duration } = await audioState(page);
  return Number.isFinite(duration) ? duration : 0;
};

test('a voice message recorded with the fake microphone plays on the other side', async ({ browser }) => {
  test.setTimeout(120_000);
  const vox = await open(browser, VOX, 'light', 1280);
  const echo = await open(browser, ECHO, 'light', 1280);

  await record(vox, 2);
  // The waveform has drawn: its canvas has non-transparent pixels.
  const drawn = await vox.getByTestId('voice-waveform').evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    return data.some((value, i) => i % 4 === 3 && value > 0);
  });
  expect(drawn).toBe(true);
  await snap(vox, 'voice-message-recording-light-1280');
  await vox.keyboard.press('Enter');
  await expect(vox.getByTestId('voice-recorder')).toHaveCount(0);
  await expect(vox.getByTestId('voice-record')).toBeFocused();
  await expect(vox.getByTestId('upload-tray')).toHaveCount(0, { timeout: 30_000 });

  const player = echo.getByTestId('voice-player').last();
  await expect(player).toBeVisible({ timeout: 20_000 });
  // A recorded WebM has no duration in its header: the player learns it (finite, about 2 s).
  await expect.poll(() => finiteDuration(echo), { timeout: 20_000 }).toBeGreaterThan(1);
  await expect(player.getByTestId('voice-time')).toHaveText(/^0:(0[1-9]|[1-5]\d)$/);
  await player.getByTestId('voice-play').click();
  await expect(player).toHaveAttribute('data-playing', 'true');
  await expect.poll(async () => (await audioState(echo)).time, { timeout: 20_000 }).toBeGreaterThan(0.3);
  await snap(echo, 'voice-message-player-light-1280');
  // Pause, then seek by keyboard: the slider moves the audio.
  await player.getByTestId('voice-play').click();
  await expect(player).not.toHaveAttribute('data-playing', 'true');
  const seek = player.getByTestId('voice-seek');
  await seek.focus();
  await echo.keyboard.press('Home');
  await expect.poll(async () => (await audioState(echo)).time).toBe(0);
  await echo.keyboard.press('ArrowRight');
  await expect.poll(async () => (await audioState(echo)).time).toBeGreaterThan(0);
});

test('dark, phone: Escape cancels a recording and nothing is sent; the player fits', async ({ browser }) => {
  test.setTimeout(120_000);
  const vox = await open(browser, VOX, 'dark', 375);
  const echo = await open(browser, ECHO, 'dark', 375);
  const players = echo.getByTestId('voice-player');
  await expect(players).toHaveCount(1);
  // A recorded WebM has no duration in its header: the player learns it (finite, about 2 s).
  await expect.poll(() => finiteDuration(echo), { timeout: 20_000 }).toBeGreaterThan(1);

  await record(vox, 1);
  await snap(vox, 'voice-message-recording-dark-375');
  await vox.keyboard.press('Escape');
  await expect(vox.getByTestId('voice-recorder')).toHaveCount(0);
  await expect(vox.getByTestId('upload-tray')).toHaveCount(0);

  // A second one is sent; the first stays the only cancelled one.
  await record(vox, 1);
  await vox.getByTestId('voice-send').click();
  await expect(players).toHaveCount(2, { timeout: 20_000 });
  const box = (await players.last().boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await snap(echo, 'voice-message-player-dark-375');
});
