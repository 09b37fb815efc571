/**
 * How each member's connection is doing, for the tiles (SPEC §3 "connection state, network
 * quality"): the connection's state, and once connected a grade from the round-trip time and the
 * share of inbound packets lost since the last reading, read from `getStats()` every few seconds.
 */
import { useEffect, useRef, useState } from 'react';

export type Link = 'connecting' | 'good' | 'fair' | 'poor' | 'reconnecting';

export interface LinkSample {
  state: RTCPeerConnectionState;
  /** The selected candidate pair's current round-trip time in seconds, when known. */
  rtt: number | null;
  /** Inbound RTP packets received and lost so far, all kinds together. */
  received: number;
  lost: number;
}

/**
 * Grades drawn where calls start to feel it: interactive audio degrades past ~300 ms round trip
 * and a few percent loss (ITU-T G.114's 150 ms one way), and becomes hard to follow past ~600 ms
 * or ~10 %.
 */
const GOOD = { rtt: 0.3, loss: 0.02 };
const FAIR = { rtt: 0.6, loss: 0.1 };

/** The grade of one reading against the one before it (null: the first reading). */
export function gradeLink(previous: LinkSample | null, sample: LinkSample): Link {
  if (sample.state === 'new' || sample.state === 'connecting') return 'connecting';
  if (sample.state !== 'connected') return 'reconnecting';
  const received = sample.received - (previous?.received ?? 0);
  const lost = sample.lost - (previous?.lost ?? 0);
  // Nothing arrived (everyone muted, camera off): only the round trip says anything.
  const loss = received + lost > 0 ? Math.max(0, lost) / (received + Math.max(0, lost)) : 0;
  const rtt = sample.rtt ?? 0;
  if (rtt <= GOOD.rtt && loss <= GOOD.loss) return 'good';
  if (rtt <= FAIR.rtt && loss <= FAIR.loss) return 'fair';
  return 'poor';
}

/** Reads one connection's sample from its statistics. */
export async function readLink(pc: RTCPeerConnection): Promise<LinkSample> {
  const sample: LinkSample = { state: pc.connectionState, rtt: null, received: 0, lost: 0 };
  const stats = await pc.getStats();
  const pairs = new Map<string, number>();
  let selected: string | null = null;
  stats.forEach((s: Record<string, unknown>) => {
    if (s.type === 'candidate-pair' && typeof s.currentRoundTripTime === 'number') {
      pairs.set(s.id as string, s.currentRoundTripTime);
    }
    if (s.type === 'transport' && typeof s.selectedCandidatePairId === 'string')
      selected = s.selectedCandidatePairId;
    if (s.type === 'inbound-rtp') {
      sample.received += Number(s.packetsReceived ?? 0);
      sample.lost += Math.max(0, Number(s.packetsLost ?? 0));
    }
  });
  if (selected !== null) sample.rtt = pairs.get(selected) ?? null;
  return sample;
}

const READ_EVERY_MS = 2_000;

/**
 * Each member's link while `connections` gives their connections (null: not in a call). A state
 * change shows at the next reading, at most two seconds later.
 */
export function useLinks(
  connections: (() => [number, RTCPeerConnection][]) | null,
): ReadonlyMap<number, Link> {
  const [links, setLinks] = useState<ReadonlyMap<number, Link>>(new Map());
  const samples = useRef(new Map<RTCPeerConnection, LinkSample>());
  useEffect(() => {
    if (!connections) return;
    let alive = true;
    const read = async () => {
      const now = connections();
      const graded = await Promise.all(
        now.map(async ([uid, pc]): Promise<[number, Link]> => {
          const sample = await readLink(pc).catch(() => null);
          if (!sample) return [uid, 'reconnecting'];
          const grade = gradeLink(samples.current.get(pc) ?? null, sample);
          samples.current.set(pc, sample);
          return [uid, grade];
        }),
      );
      // Connections that were replaced (a reconnection) are not read again.
      const open = new Set(now.map(([, pc]) => pc));
      for (const pc of samples.current.keys()) if (!open.has(pc)) samples.current.delete(pc);
      if (alive) setLinks(new Map(graded));
    };
    void read();
    const timer = setInterval(() => void read(), READ_EVERY_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [connections]);
  return connections ? links : new Map();
}
