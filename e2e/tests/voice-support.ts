/**
 * What the call specs share: Chromium in a network namespace of its own (its only network is its
 * loopback, so calls cannot touch the machine's addresses; Chromium also binds sockets on every
 * interface and would send from them to 127.0.0.1), the web server reached through a Unix socket,
 * the server's ICE filter on 127.0.0.1, and `getStats()` readers for the media flowing in.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Server } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type LaunchOptions,
  type Page,
} from '@playwright/test';
// @ts-expect-error: a plain ES module without types, shared with the namespace side.
import { serveUnixToTcp } from '../netns/forward.mjs';
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS } from '../chromium-flags';
import { adminToken, registerMember, signIn } from './support';

const PORT = Number(process.env.E2E_PORT);
const here = path.dirname(fileURLToPath(import.meta.url));
/** The addresses Chromium's namespace has (`e2e/netns/chromium-netns.sh`); nothing else may carry media. */
const NAMESPACE_ADDRESSES = ['host:127.0.0.1', 'host:10.255.0.1'];

export interface Person {
  name: string;
  email: string;
  password: string;
}

/** A spec's callers: addresses unique to this run (`stamp`), passwords that name the spec (`label`). */
export const callers = <const Names extends readonly string[]>(names: Names, stamp: number, label: string) =>
  names.map((name) => ({
    name,
    email: `${name.toLowerCase()}.${stamp}@parley.test`,
    password: `${name} ${label} password`,
  })) as { [K in keyof Names]: Person };

/**
 * The launch options for `test.use`; `name` keeps each spec's socket its own. `loopback: false`
 * leaves 127.0.0.1 out of Chromium's candidates (why a spec wants that: docs/voice.md,
 * "End-to-end test and loopback").
 */
export function namespacedChromium(
  name: string,
  { loopback = true }: { loopback?: boolean } = {},
): { launchOptions: LaunchOptions; socket: string } {
  const socket = `/tmp/parley-e2e-${name}-${PORT}.sock`;
  return {
    socket,
    launchOptions: {
      executablePath: path.resolve(here, '../netns/chromium-netns.sh'),
      env: { ...process.env, PARLEY_NETNS_PORT: String(PORT), PARLEY_NETNS_SOCKET: socket } as Record<
        string,
        string
      >,
      args: [
        ...CHROMIUM_ARGS,
        ...FAKE_MEDIA_ARGS,
        ...(loopback ? ['--allow-loopback-in-peer-connection'] : []),
        '--disable-features=WebRtcHideLocalIpsWithMdns',
      ],
    },
  };
}

/**
 * Runs `command` in the network namespace of the Chromium whose web server socket is `socket`,
 * entered through that namespace's forwarder process (to change its addresses).
 */
export function inNamespace(socket: string, command: string) {
  const pid = execFileSync('pgrep', ['-f', `tcp-to-unix ${PORT} ${socket}`], { encoding: 'utf8' })
    .trim()
    .split('\n')[0]!;
  execFileSync('nsenter', ['-t', pid, '-U', '-n', '--preserve-credentials', 'sh', '-c', command]);
}

/** Serves the web server on the namespace's Unix socket; returns the function that stops it. */
export function forward(socket: string): () => void {
  rmSync(socket, { force: true });
  const server = serveUnixToTcp(socket, PORT) as Server;
  return () => {
    server.close();
    rmSync(socket, { force: true });
  };
}

/**
 * Sets the voice configuration: mesh calls on loopback only (the clients use no ICE candidate
 * outside 127.0.0.1) unless `changes` say otherwise.
 */
export async function setVoiceConfig(
  request: APIRequestContext,
  headers: Record<string, string>,
  changes: Record<string, unknown> = {},
) {
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
      ...changes,
    },
  });
  expect(config.ok()).toBe(true);
}

/** Mesh calls on loopback only. */
export const loopbackVoice = (request: APIRequestContext, headers: Record<string, string>) =>
  setVoiceConfig(request, headers);

/**
 * The set-up of a DM call spec, registered on the calling file: Chromium in its namespace (`name`
 * keeps the socket the spec's own), forwarding to the web server while the file runs, mesh voice
 * on loopback, and `people` registered. Returns their uids, filled before the first test.
 */
export function useCallers(name: string, people: readonly Person[]): Map<Person, number> {
  const chromium = namespacedChromium(name);
  test.use({ launchOptions: chromium.launchOptions });
  const uids = new Map<Person, number>();
  let stopForwarding: () => void = () => undefined;
  test.beforeAll(async ({ request }) => {
    stopForwarding = forward(chromium.socket);
    const headers = { 'x-api-key': await adminToken(request, `e2e-${name}`) };
    await loopbackVoice(request, headers);
    for (const who of people) uids.set(who, await registerMember(request, headers, who));
  });
  test.afterAll(() => stopForwarding());
  return uids;
}

/** A desktop context whose connections `inbound` can read, signed in as `who`, at `path`. */
async function capturingPage(browser: Browser, who: Person, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await context.addInitScript(CAPTURE);
  const page = await context.newPage();
  await signIn(page, who);
  await page.goto(path);
  return page;
}

/** A caller's page at `path`, once synced. */
export async function openCaller(browser: Browser, who: Person, path = '/#/chat'): Promise<Page> {
  const page = await capturingPage(browser, who, path);
  await expect(page.locator('[data-synced]')).toBeVisible();
  return page;
}

/** Joins the channel's room through the device test. */
export async function joinRoom(browser: Browser, who: Person, gid: number): Promise<Page> {
  const page = await capturingPage(browser, who, `/#/chat/channel/${gid}`);
  await page.getByTestId('voice-open').click();
  await expect(page.getByTestId('voice-device-test')).toBeVisible();
  await page.getByTestId('voice-join').click();
  await expect(page.getByTestId('voice-room')).toBeVisible();
  return page;
}

/** Every RTCPeerConnection the page makes, kept where the test can read their stats. */
export const CAPTURE = () => {
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

export interface Flow {
  /** Whether the connection receives anything (an SFU's sending connection does not). */
  inbound: boolean;
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
export async function inbound(page: Page): Promise<Flow[]> {
  return page.evaluate(async () => {
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
}

/**
 * Waits until each of `count` connections shows audio and video flowing in, and growing, with its
 * local end on one of `addresses`.
 */
export async function expectFlowing(page: Page, count: number, addresses = NAMESPACE_ADDRESSES) {
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
              f.localCandidates.every((c) => addresses.includes(c)),
          );
        before = now;
        return growing;
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(true);
}

/** Waits until one connection's inbound `kind` stops growing while another keeps flowing. */
export async function expectStopped(page: Page, kind: 'audioPackets' | 'videoFrames') {
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
