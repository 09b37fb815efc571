/**
 * Voice rooms end to end (issue 15): two, then three Chromium contexts with fake media devices
 * call each other through the mesh. `getStats()` must show inbound audio packets and decoded video
 * frames; mute and camera off stop what the others receive; a reload rejoins. Media stays on
 * loopback: the server's ICE filter is set to 127.0.0.1 and the clients use no other candidate.
 */
import { expect, test } from '@playwright/test';
import { adminToken, createPublicChannel, registerMember, signIn, snap } from './support';
import {
  callers,
  expectFlowing,
  expectStopped,
  forward,
  joinRoom,
  loopbackVoice,
  namespacedChromium,
} from './voice-support';

const chromium = namespacedChromium('voice');
test.use({ launchOptions: chromium.launchOptions });
let stopForwarding: () => void = () => undefined;

const stamp = Date.now() % 100000;
const PEOPLE = callers(['Vera', 'Otto', 'Ines'], stamp, 'voice');
let gid = 0;

test.beforeAll(async ({ request }) => {
  stopForwarding = forward(chromium.socket);
  const headers = { 'x-api-key': await adminToken(request, 'e2e-voice') };
  await loopbackVoice(request, headers);
  for (const who of PEOPLE) await registerMember(request, headers, who);
  gid = await createPublicChannel(request, headers, `voice ${stamp}`);
});

test.afterAll(() => stopForwarding());

test('two then three people call through the mesh; mute, camera off and a reload', async ({ browser }) => {
  test.setTimeout(180_000);
  const vera = await joinRoom(browser, PEOPLE[0]!, gid);
  const otto = await joinRoom(browser, PEOPLE[1]!, gid);
  await expect(vera.getByTestId('voice-tile')).toHaveCount(2);
  await expectFlowing(vera, 1);
  await expectFlowing(otto, 1);
  await snap(vera, 'voice-call-light-1280');

  // Mute: Otto stops receiving Vera's audio; camera off: and her video.
  await vera.getByTestId('voice-mute').click();
  await expect(otto.getByTestId('voice-tile').filter({ hasText: 'Vera' })).toContainText('muted');
  await expectStopped(otto, 'audioPackets');
  await vera.getByTestId('voice-camera').click();
  await expectStopped(otto, 'videoFrames');
  await vera.getByTestId('voice-mute').click();
  await vera.getByTestId('voice-camera').click();
  await expectFlowing(otto, 1);

  // A reload rejoins: new connections, media flowing again both ways.
  await otto.reload();
  await expect(otto.getByTestId('voice-room')).toBeVisible();
  await expectFlowing(otto, 1);
  await expectFlowing(vera, 1);

  const ines = await joinRoom(browser, PEOPLE[2]!, gid);
  await expect(ines.getByTestId('voice-tile')).toHaveCount(3);
  await expectFlowing(ines, 2);
  await expectFlowing(vera, 2);
  await expectFlowing(otto, 2);

  await ines.getByTestId('voice-pin').first().click();
  await snap(ines, 'voice-call-pinned-light-1280');
  await ines.emulateMedia({ colorScheme: 'dark' });
  await snap(ines, 'voice-call-dark-1280');
  await ines.setViewportSize({ width: 375, height: 812 });
  await snap(ines, 'voice-call-dark-375');
  await ines.emulateMedia({ colorScheme: 'light' });
  await snap(ines, 'voice-call-light-375');

  await ines.getByTestId('voice-leave').click();
  await expect(vera.getByTestId('voice-tile')).toHaveCount(2);
  for (const page of [vera, otto, ines]) await page.context().close();
});

test('the device test shows before joining, and the voice settings page', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await signIn(page, PEOPLE[0]!);
  await page.goto(`/#/chat/channel/${gid}`);
  await page.getByTestId('voice-open').click();
  await expect(page.getByTestId('voice-device-test')).toBeVisible();
  await snap(page, 'voice-device-test-dark-375');
  await context.close();
  const admin = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const adminPage = await admin.newPage();
  await signIn(adminPage, { email: 'admin@parley.test', password: 'admin password 1' });
  await adminPage.goto('/#/setting/voice');
  await expect(adminPage.getByTestId('voice-settings')).toBeVisible();
  await expect(adminPage.getByTestId('voice-mesh-limit')).toHaveValue('6');
  await snap(adminPage, 'voice-settings-light-1280');
  await admin.close();
});
