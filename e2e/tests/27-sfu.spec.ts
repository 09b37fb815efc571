/**
 * Rooms on the SFU end to end (issue 15, docs/voice.md "SFU"): three Chromium contexts with fake
 * media join one channel's room above a mesh limit of two, so the room runs on Janus. Janus runs
 * inside Chromium's own network namespace (`e2e/netns/chromium-janus-netns.sh`) and gathers ICE
 * on its veth address 10.255.0.1, which the server's ICE filter allows alone: media never touches
 * the machine's addresses. Each page must receive audio packets and decoded video frames from
 * both others through the SFU; camera off stops one sender's video at the others.
 */
import type { Server } from 'node:net';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
// @ts-expect-error: a plain ES module without types, shared with the namespace side.
import { serveTcpToUnix } from '../netns/forward.mjs';
import { adminToken, createPublicChannel, registerMember, signIn, snap } from './support';
import { CAPTURE, forward, namespacedChromium, type Person } from './voice-support';

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
const PEOPLE: Person[] = ['Sara', 'Femi', 'Yuki'].map((name) => ({
  name,
  email: `${name.toLowerCase()}.${stamp}@parley.test`,
  password: `${name} sfu password`,
}));
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
  const config = await request.post('/api/admin/voice/config', {
    headers,
    data: {
      stun_urls: [],
      turn_urls: [],
      turn_secret: '',
      turn_ttl: 3600,
      mesh_limit: 2,
      max_calls: 100,
      ice_address_prefixes: ['10.255.0.1'],
      sfu_url: janusUrl,
      sfu_limit: 6,
    },
  });
  expect(config.ok()).toBe(true);
  for (const who of PEOPLE) await registerMember(request, headers, who);
  gid = await createPublicChannel(request, headers, `sfu ${stamp}`);
});

test.afterAll(async ({ request }) => {
  const headers = { 'x-api-key': await adminToken(request, 'e2e-sfu') };
  // Later specs get the mesh back.
  await request.post('/api/admin/voice/config', {
    headers,
    data: {
      stun_urls: [],
      turn_urls: [],
      turn_secret: '',
      turn_ttl: 3600,
      mesh_limit: 6,
      max_calls: 100,
      ice_address_prefixes: ['127.0.0.1'],
      sfu_url: '',
    },
  });
  stopForwarding();
  bridge?.close();
  rmSync(janusSocket, { force: true });
});

interface Flow {
  audioPackets: number;
  videoFrames: number;
  localCandidates: string[];
}

/** Inbound media of each receiving connection of the page (the sending one has none). */
async function receiving(page: Page): Promise<Flow[]> {
  const flows = await page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter(
      (pc) => pc.connectionState !== 'closed',
    );
    return Promise.all(
      pcs.map(async (pc) => {
        const flow = { inbound: false, audioPackets: 0, videoFrames: 0, localCandidates: [] as string[] };
        const stats = await pc.getStats();
        const byId = new Map<string, Record<string, unknown>>();
        stats.forEach((s: Record<string, unknown>) => byId.set(s.id as string, s));
        stats.forEach((s: Record<string, unknown>) => {
          if (s.type === 'inbound-rtp') flow.inbound = true;
          if (s.type === 'inbound-rtp' && s.kind === 'audio')
            flow.audioPackets += Number(s.packetsReceived ?? 0);
          if (s.type === 'inbound-rtp' && s.kind === 'video')
            flow.videoFrames += Number(s.framesDecoded ?? 0);
          if (s.type === 'transport' && s.selectedCandidatePairId) {
            const pair = byId.get(s.selectedCandidatePairId as string);
            const local = byId.get(pair?.localCandidateId as string);
            flow.localCandidates.push(
              `${String(local?.candidateType)}:${String(local?.address ?? local?.ip)}`,
            );
          }
        });
        return flow;
      }),
    );
  });
  return flows.filter((f) => f.inbound);
}

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

async function joinCall(browser: Browser, who: Person) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await context.addInitScript(CAPTURE);
  const page = await context.newPage();
  await signIn(page, who);
  await page.goto(`/#/chat/channel/${gid}`);
  await page.getByTestId('voice-open').click();
  await expect(page.getByTestId('voice-device-test')).toBeVisible();
  await page.getByTestId('voice-join').click();
  await expect(page.getByTestId('voice-room')).toBeVisible();
  return page;
}

test('three people past a mesh limit of two talk through Janus; camera off stops one video', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // Janus starts with the browser's namespace: its API answers through the bridge first.
  await expect
    .poll(async () => (await fetch(`${janusUrl}/info`).catch(() => undefined))?.ok ?? false, {
      timeout: 30_000,
    })
    .toBe(true);
  const sara = await joinCall(browser, PEOPLE[0]!);
  const femi = await joinCall(browser, PEOPLE[1]!);
  const yuki = await joinCall(browser, PEOPLE[2]!);
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
