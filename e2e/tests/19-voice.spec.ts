/**
 * Voice rooms end to end (issue 15): two, then three Chromium contexts with fake media devices
 * call each other through the mesh. `getStats()` must show inbound audio packets and decoded video
 * frames; mute and camera off stop what the others receive; a reload rejoins. Media stays on
 * loopback: the server's ICE filter is set to 127.0.0.1 and the clients use no other candidate.
 */
import { rmSync } from 'node:fs';
import type { Server } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
// @ts-expect-error: a plain ES module without types, shared with the namespace side.
import { serveUnixToTcp } from '../netns/forward.mjs';
import { adminToken, signIn, snap } from './support';

// Chromium runs in a network namespace of its own whose only network is its loopback, so the
// calls cannot touch the machine's addresses (Chromium also binds sockets on every interface and
// would send from them to 127.0.0.1); the web server is reached through a Unix socket.
const PORT = Number(process.env.E2E_PORT);
const SOCKET = `/tmp/parley-e2e-voice-${PORT}.sock`;
const here = path.dirname(fileURLToPath(import.meta.url));
let forwarder: Server | undefined;
/** The addresses Chromium's namespace has (`e2e/netns/chromium-netns.sh`); nothing else may carry media. */
const NAMESPACE_ADDRESSES = ['host:127.0.0.1', 'host:10.255.0.1'];

test.use({
  launchOptions: {
    executablePath: path.resolve(here, '../netns/chromium-netns.sh'),
    env: { ...process.env, PARLEY_NETNS_PORT: String(PORT), PARLEY_NETNS_SOCKET: SOCKET },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--allow-loopback-in-peer-connection',
      '--disable-features=WebRtcHideLocalIpsWithMdns',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

const stamp = Date.now() % 100000;
const PEOPLE = ['Vera', 'Otto', 'Ines'].map((name) => ({
  name,
  email: `${name.toLowerCase()}.${stamp}@parley.test`,
  password: `${name} voice password`,
}));
let gid = 0;

test.beforeAll(async ({ request }) => {
  rmSync(SOCKET, { force: true });
  forwarder = serveUnixToTcp(SOCKET, PORT) as Server;
  const headers = { 'x-api-key': await adminToken(request, 'e2e-voice') };
  const config = await request.post('/api/admin/voice/config', {
    headers,
    data: {
      stun_urls: [],
      turn_urls: [],
      turn_secret: '',
      turn_ttl: 3600,
      mesh_limit: 6,
      max_calls: 100,
      ice_address_prefixes: ['127.0.0.1'],
    },
  });
  expect(config.ok()).toBe(true);
  for (const who of PEOPLE) await register(request, headers, who);
  const body = await (
    await request.post('/api/group', { headers, data: { name: `voice ${stamp}`, is_public: true } })
  ).json();
  gid = typeof body === 'number' ? body : (body.gid as number);
});

test.afterAll(() => {
  forwarder?.close();
  rmSync(SOCKET, { force: true });
});

async function register(
  request: APIRequestContext,
  headers: Record<string, string>,
  who: (typeof PEOPLE)[number],
) {
  const link = await (await request.get('/api/group/create_reg_magic_link', { headers })).text();
  const magicToken = new URL(link.replace(/^"|"$/g, '')).searchParams.get('magic_token');
  const registered = await request.post('/api/user/register', {
    data: { ...who, magic_token: magicToken, gender: 0, language: 'en', device: 'e2e' },
  });
  expect(registered.ok()).toBe(true);
}

/** Every RTCPeerConnection the page makes, kept where the test can read their stats. */
const CAPTURE = () => {
  const made: RTCPeerConnection[] = [];
  (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = made;
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      made.push(this);
    }
  } as typeof RTCPeerConnection;
};

interface Flow {
  audioPackets: number;
  videoFrames: number;
  /**
   * `type:address` of the local end of each selected candidate pair. Every page checks its own
   * end (Chromium hides the address of a remote peer-reflexive candidate), so together they
   * show that both ends of every connection use the namespace's addresses only.
   */
  localCandidates: string[];
}

/** Inbound media per open connection of the page, summed by kind. */
async function inbound(page: Page): Promise<Flow[]> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter(
      (pc) => pc.connectionState !== 'closed',
    );
    return Promise.all(
      pcs.map(async (pc) => {
        const flow = { audioPackets: 0, videoFrames: 0, localCandidates: [] as string[] };
        const stats = await pc.getStats();
        const byId = new Map<string, Record<string, unknown>>();
        stats.forEach((s: Record<string, unknown>) => byId.set(s.id as string, s));
        stats.forEach((s: Record<string, unknown>) => {
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
}

/** Waits until each of `count` connections shows audio and video flowing in, and growing. */
async function expectFlowing(page: Page, count: number) {
  let before: Flow[] = [];
  await expect
    .poll(
      async () => {
        const now = await inbound(page);
        const growing =
          now.length === count &&
          before.length === count &&
          now.every(
            (f, i) =>
              f.audioPackets > before[i]!.audioPackets &&
              f.videoFrames > before[i]!.videoFrames &&
              f.localCandidates.length > 0 &&
              f.localCandidates.every((c) => NAMESPACE_ADDRESSES.includes(c)),
          );
        before = now;
        return growing;
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(true);
}

/** Waits until one connection's inbound `kind` stops growing while another keeps flowing. */
async function expectStopped(page: Page, kind: 'audioPackets' | 'videoFrames') {
  let before: Flow[] = [];
  await expect
    .poll(
      async () => {
        const now = await inbound(page);
        const stopped =
          now.length > 0 && before.length === now.length && now.every((f, i) => f[kind] === before[i]![kind]);
        before = now;
        return stopped;
      },
      { timeout: 30_000, intervals: [1500] },
    )
    .toBe(true);
}

async function joinCall(browser: Browser, who: (typeof PEOPLE)[number]) {
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

test('two then three people call through the mesh; mute, camera off and a reload', async ({ browser }) => {
  test.setTimeout(180_000);
  const vera = await joinCall(browser, PEOPLE[0]!);
  const otto = await joinCall(browser, PEOPLE[1]!);
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

  const ines = await joinCall(browser, PEOPLE[2]!);
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
