/**
 * What the call specs share: Chromium in a network namespace of its own (its only network is its
 * loopback, so calls cannot touch the machine's addresses; Chromium also binds sockets on every
 * interface and would send from them to 127.0.0.1), the web server reached through a Unix socket,
 * the server's ICE filter on 127.0.0.1, and `getStats()` readers for the media flowing in.
 */
import { rmSync } from 'node:fs';
import type { Server } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type LaunchOptions, type Page } from '@playwright/test';
// @ts-expect-error: a plain ES module without types, shared with the namespace side.
import { serveUnixToTcp } from '../netns/forward.mjs';
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS } from '../chromium-flags';

const PORT = Number(process.env.E2E_PORT);
const here = path.dirname(fileURLToPath(import.meta.url));
/** The addresses Chromium's namespace has (`e2e/netns/chromium-netns.sh`); nothing else may carry media. */
const NAMESPACE_ADDRESSES = ['host:127.0.0.1', 'host:10.255.0.1'];

export interface Person {
  name: string;
  email: string;
  password: string;
}

/** The launch options for `test.use`; `name` keeps each spec's socket its own. */
export function namespacedChromium(name: string): { launchOptions: LaunchOptions; socket: string } {
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
        '--allow-loopback-in-peer-connection',
        '--disable-features=WebRtcHideLocalIpsWithMdns',
      ],
    },
  };
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

/** Mesh calls on loopback only: the clients use no ICE candidate outside 127.0.0.1. */
export async function loopbackVoice(request: APIRequestContext, headers: Record<string, string>) {
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
export async function inbound(page: Page): Promise<Flow[]> {
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
export async function expectFlowing(page: Page, count: number) {
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
