/**
 * Rooms on the SFU end to end (issue 15, docs/voice.md "SFU"): three Chromium contexts with fake
 * media join one channel's room above a mesh limit of two, so the room runs on Janus. Janus runs
 * inside Chromium's own network namespace (`e2e/netns/chromium-janus-netns.sh`) and gathers ICE
 * on its veth address 10.255.0.1, which the server's ICE filter allows alone: media never touches
 * the machine's addresses. Each page must receive audio packets and decoded video frames from
 * both others through the SFU; camera off stops one sender's video at the others. Then two of them
 * lose the namespace's address until their connections fail, and get it back: the client rebuilds
 * them; and a reload rejoins the room.
 */
import type { Server } from 'node:net';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error: a plain ES module without types, shared with the namespace side.
import { serveTcpToUnix } from '../netns/forward.mjs';
import { adminToken, createPublicChannel, registerMember, snap } from './support';
import {
  callers,
  forward,
  inNamespace,
  inbound,
  joinRoom,
  namespacedChromium,
  setVoiceConfig,
  type Flow,
} from './voice-support';

const here = path.dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.E2E_PORT);
const base = namespacedChromium('sfu');
const janusSocket = `/tmp/parley-e2e-janus-${PORT}.sock`;
const janusLog = path.resolve(here, `../artifacts/janus-${PORT}.log`);
test.use({
  launchOptions: {
    ...base.launchOptions,
    executablePath: path.resolve(here, '../netns/chromium-janus-netns.sh'),
    env: { ...base.launchOptions.env, PARLEY_JANUS_SOCKET: janusSocket, PARLEY_JANUS_LOG: janusLog },
  },
});

const stamp = Date.now() % 100000;
const PEOPLE = callers(['Sara', 'Femi', 'Yuki'], stamp, 'sfu');
let gid = 0;
let janusUrl = '';
let stopForwarding: () => void = () => undefined;
let bridge: Server | undefined;

test.beforeAll(async ({ request }) => {
  stopForwarding = forward(base.socket);
  rmSync(janusSocket, { force: true });
  bridge = serveTcpToUnix(janusSocket) as Server;
  await new Promise((resolve) => bridge!.once('listening', resolve));
  const address = bridge.address();
  janusUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/janus`;
  const headers = { 'x-api-key': await adminToken(request, 'e2e-sfu') };
  await setVoiceConfig(request, headers, {
    mesh_limit: 2,
    ice_address_prefixes: ['10.255.0.1'],
    sfu_url: janusUrl,
    sfu_limit: 6,
  });
  for (const who of PEOPLE) await registerMember(request, headers, who);
  gid = await createPublicChannel(request, headers, `sfu ${stamp}`);
});

test.afterAll(async ({ request }) => {
  const headers = { 'x-api-key': await adminToken(request, 'e2e-sfu') };
  // Later specs get the mesh back.
  await setVoiceConfig(request, headers, { sfu_url: '' });
  stopForwarding();
  bridge?.close();
  rmSync(janusSocket, { force: true });
});

/** Inbound media of each receiving connection of the page (the sending one has none). */
const receiving = async (page: Page): Promise<Flow[]> => (await inbound(page)).filter((f) => f.inbound);

/**
 * Waits until the page receives from `count` members through the SFU, each with audio packets
 * growing and `video` of them with decoded frames growing, over the namespace's address only.
 */
async function expectReceiving(page: Page, count: number, video = count) {
  let before: Flow[] = [];
  await expect
    .poll(
      async () => {
        const now = await receiving(page);
        const ok =
          now.length === count &&
          before.length === count &&
          now.every((f, i) => f.audioPackets > before[i]!.audioPackets) &&
          now.filter((f, i) => f.videoFrames > before[i]!.videoFrames).length === video &&
          now.every(
            (f) => f.localCandidates.length > 0 && f.localCandidates.every((c) => c === 'host:10.255.0.1'),
          );
        before = now;
        return ok;
      },
      { timeout: 45_000, intervals: [1500] },
    )
    .toBe(true);
}

/** Janus starts with the browser's namespace: waits until its API answers through the bridge. */
const janusAnswers = () =>
  expect
    .poll(async () => (await fetch(`${janusUrl}/info`).catch(() => undefined))?.ok ?? false, {
      timeout: 30_000,
    })
    .toBe(true);

test('three people past a mesh limit of two talk through Janus; camera off stops one video', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  await janusAnswers();
  const sara = await joinRoom(browser, PEOPLE[0]!, gid);
  const femi = await joinRoom(browser, PEOPLE[1]!, gid);
  const yuki = await joinRoom(browser, PEOPLE[2]!, gid);
  for (const page of [sara, femi, yuki]) await expect(page.getByTestId('voice-tile')).toHaveCount(3);
  for (const page of [sara, femi, yuki]) await expectReceiving(page, 2);

  // Camera off: the others keep Sara's audio but no longer get her video.
  await sara.getByTestId('voice-camera').click();
  await expect(femi.getByTestId('voice-tile').filter({ hasText: 'Sara' })).toBeVisible();
  await expectReceiving(femi, 2, 1);
  await expectReceiving(yuki, 2, 1);
  await sara.getByTestId('voice-camera').click();
  await expectReceiving(femi, 2);

  await snap(yuki, 'sfu-call-light-1280');
  await yuki.emulateMedia({ colorScheme: 'dark' });
  await snap(yuki, 'sfu-call-dark-1280');
  await yuki.setViewportSize({ width: 375, height: 812 });
  await snap(yuki, 'sfu-call-dark-375');
  await yuki.emulateMedia({ colorScheme: 'light' });
  await snap(yuki, 'sfu-call-light-375');

  // Leaving: the others drop her connection and keep receiving from the one left.
  await yuki.getByTestId('voice-leave').click();
  await expect(sara.getByTestId('voice-tile')).toHaveCount(2);
  await expectReceiving(sara, 1);
  for (const page of [sara, femi, yuki]) await page.context().close();
});

/** Whether every connection the page had made by then (the first `count`) failed or was replaced. */
const allGone = (page: Page, count: number) =>
  page.evaluate(
    (n) =>
      (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs
        .slice(0, n)
        .every((pc) => pc.connectionState === 'failed' || pc.connectionState === 'closed'),
    count,
  );

test('a room on the SFU rebuilds its connections after the network took them down, and after a reload', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  await janusAnswers();
  const sara = await joinRoom(browser, PEOPLE[0]!, gid);
  const femi = await joinRoom(browser, PEOPLE[1]!, gid);
  await expectReceiving(sara, 1);
  await expectReceiving(femi, 1);
  const made = await Promise.all(
    [sara, femi].map((page) => page.evaluate(() => (window as unknown as { __pcs: unknown[] }).__pcs.length)),
  );

  // The namespace's address goes until every connection has failed or been replaced: Chromium
  // never brings a failed connection back by itself, so media flows again only if the client
  // publishes and subscribes again.
  inNamespace(base.socket, 'ip addr del 10.255.0.1/24 dev v0');
  try {
    await expect.poll(() => allGone(sara, made[0]!), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => allGone(femi, made[1]!), { timeout: 60_000 }).toBe(true);
  } finally {
    inNamespace(base.socket, 'ip addr add 10.255.0.1/24 dev v0 && ip route replace default dev v0');
  }
  await expectReceiving(sara, 1);
  await expectReceiving(femi, 1);

  // A reload rejoins the room on the SFU: Femi publishes again, Sara receives her new feed.
  await femi.reload();
  await expect(femi.getByTestId('voice-room')).toBeVisible();
  await expectReceiving(femi, 1);
  await expectReceiving(sara, 1);
  for (const page of [sara, femi]) await page.context().close();
});
