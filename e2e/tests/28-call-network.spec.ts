/**
 * A call through a network change (issue 15, docs/voice.md "Reconnection"): two people in a mesh
 * room whose media may use only the veth addresses of Chromium's namespace (10.255.0.x). The test
 * takes the address 10.255.0.1 away inside the namespace and then gives the interface 10.255.0.2
 * (what a laptop moving to another network sees): the tiles stop showing a good link, then the
 * client rebuilds the connection on its own and media flows both ways over the new address.
 * Signalling reaches the server through the namespace's loopback and is untouched.
 * The same room then shows that screen share and deafen change what the other side receives, and
 * that a member whose event stream dropped enters the call again once it is back.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminToken, createPublicChannel, registerMember, snap } from './support';
import {
  callers,
  expectFlowing,
  expectStopped,
  forward,
  inNamespace as voiceNamespace,
  joinRoom,
  namespacedChromium,
  setVoiceConfig,
} from './voice-support';

// No loopback candidates: only a veth address may carry media, so the checks below show which one.
const chromium = namespacedChromium('network', { loopback: false });
test.use({ launchOptions: chromium.launchOptions });
let stopForwarding: () => void = () => undefined;

const stamp = Date.now() % 100000;
// Registered in this order, Lena has the lower uid: she offers first when a connection is rebuilt.
const PEOPLE = callers(['Lena', 'Kurt'], stamp, 'network');
let gid = 0;

test.beforeAll(async ({ request }) => {
  stopForwarding = forward(chromium.socket);
  const headers = { 'x-api-key': await adminToken(request, 'e2e-network') };
  await setVoiceConfig(request, headers, { ice_address_prefixes: ['10.255.0.'], sfu_url: '' });
  for (const who of PEOPLE) await registerMember(request, headers, who);
  gid = await createPublicChannel(request, headers, `network ${stamp}`);
});

test.afterAll(() => stopForwarding());

const inNamespace = (command: string) => voiceNamespace(chromium.socket, command);

/** The link the page shows for `name`'s tile. */
const linkOf = (page: Page, name: string) =>
  page.getByTestId('voice-tile').filter({ hasText: name }).getByTestId('voice-link');

test('a call rebuilds its connection by itself when its network address changes', async ({ browser }) => {
  test.setTimeout(180_000);
  const lena = await joinRoom(browser, PEOPLE[0], gid);
  const kurt = await joinRoom(browser, PEOPLE[1], gid);
  await expectFlowing(lena, 1, ['host:10.255.0.1']);
  await expectFlowing(kurt, 1, ['host:10.255.0.1']);
  await expect(linkOf(lena, 'Kurt')).toHaveAttribute('data-link', 'good');
  await expect(linkOf(kurt, 'Lena')).toHaveAttribute('data-link', 'good');
  await expect(linkOf(lena, 'Kurt')).toHaveAccessibleName('Connection: good');

  // The address goes; the connection's path is dead, and the tiles say so.
  inNamespace('ip addr del 10.255.0.1/24 dev v0');
  try {
    await expect(linkOf(lena, 'Kurt')).not.toHaveAttribute('data-link', 'good', { timeout: 45_000 });
    await expect(linkOf(kurt, 'Lena')).not.toHaveAttribute('data-link', 'good', { timeout: 45_000 });
    await snap(kurt, 'call-reconnecting-light-1280');

    // Another address comes. Chromium never moves a connection to a new address by itself: media
    // flows again only through connections the client rebuilt.
    inNamespace('ip addr add 10.255.0.2/24 dev v0 && ip route replace default dev v0');
    const rebuilt = { timeout: 90_000 };
    await expect(linkOf(lena, 'Kurt')).toHaveAttribute('data-link', 'good', rebuilt);
    await expect(linkOf(kurt, 'Lena')).toHaveAttribute('data-link', 'good', rebuilt);
    await expectFlowing(lena, 1, ['host:10.255.0.2']);
    await expectFlowing(kurt, 1, ['host:10.255.0.2']);
  } finally {
    inNamespace(
      'ip addr flush dev v0 && ip addr add 10.255.0.1/24 dev v0 && ip route replace default dev v0',
    );
  }
  for (const page of [lena, kurt]) await page.context().close();
});

/** The size of the video the page receives on its one connection, once frames are decoded. */
const receivedSize = (page: Page) =>
  page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter(
      (pc) => pc.connectionState === 'connected',
    );
    let size = '';
    for (const pc of pcs) {
      (await pc.getStats()).forEach((s: Record<string, unknown>) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video' && s.frameWidth)
          size = `${String(s.frameWidth)}x${String(s.frameHeight)}`;
      });
    }
    return size;
  });

test('screen share replaces the camera at the other end; deafen stops what the other hears', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const lena = await joinRoom(browser, PEOPLE[0], gid);
  const kurt = await joinRoom(browser, PEOPLE[1], gid);
  await expectFlowing(kurt, 1);
  await expect.poll(() => receivedSize(kurt)).toMatch(/^\d+x\d+$/);
  const camera = await receivedSize(kurt);

  // Camera off stops Lena's video at Kurt; sharing her screen sends video again, the screen's.
  await lena.getByTestId('voice-camera').click();
  await expectStopped(kurt, 'videoFrames');
  await lena.getByTestId('voice-screen').click();
  await expect(lena.getByTestId('voice-screen')).toHaveAttribute('aria-pressed', 'true');
  await expect(kurt.getByTestId('voice-tile').filter({ hasText: 'Lena' })).toContainText('sharing screen');
  await expectFlowing(kurt, 1);
  await expect
    .poll(
      async () => {
        const size = await receivedSize(kurt);
        return /^\d+x\d+$/.test(size) && size !== camera;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await snap(kurt, 'call-screen-share-light-1280');
  await lena.getByTestId('voice-screen').click();
  await expectStopped(kurt, 'videoFrames');

  // Deafen mutes too: Kurt sees it and stops receiving her audio; un-muting clears both.
  await lena.getByTestId('voice-deafen').click();
  await expect(kurt.getByTestId('voice-tile').filter({ hasText: 'Lena' })).toContainText('deafened');
  await expect(lena.getByTestId('voice-mute')).toHaveAttribute('aria-pressed', 'true');
  await expectStopped(kurt, 'audioPackets');
  await lena.getByTestId('voice-mute').click();
  await expect(lena.getByTestId('voice-deafen')).toHaveAttribute('aria-pressed', 'false');
  await expect(kurt.getByTestId('voice-tile').filter({ hasText: 'Lena' })).not.toContainText('deafened');
  for (const page of [lena, kurt]) await page.context().close();
});

test('a member whose event stream dropped is back in the call once it reconnects', async ({ browser }) => {
  test.setTimeout(180_000);
  const lena = await joinRoom(browser, PEOPLE[0], gid);
  const kurt = await joinRoom(browser, PEOPLE[1], gid);
  await expectFlowing(kurt, 1);

  // Offline, Lena's page loses its event stream (media between the two pages is not affected by
  // the browser's offline mode): the server takes her device out of the room at once.
  await lena.context().setOffline(true);
  await expect(kurt.getByTestId('voice-tile')).toHaveCount(1, { timeout: 30_000 });
  await lena.context().setOffline(false);
  await expect(kurt.getByTestId('voice-tile')).toHaveCount(2, { timeout: 30_000 });
  await expect(lena.getByTestId('voice-tile')).toHaveCount(2);
  await expectFlowing(kurt, 1);
  await expectFlowing(lena, 1);
  for (const page of [lena, kurt]) await page.context().close();
});
