/* global window, document, Element, RTCPeerConnection -- used inside functions that run in the page */
/**
 * What runs inside the bench's pages (bench/voice-media.mjs): a probe installed before the app
 * loads that times a join from the click on the join button to the first decoded inbound video
 * frame, the same timing of two RTCPeerConnections connected in the page with no server (the
 * limit), and readers of the media flowing in. Timing is in the page's own clock, so Playwright's
 * round trips are not counted; `getStats()` is polled every POLL_MS, which bounds the resolution.
 */

export const POLL_MS = 20;

/**
 * Init script (its argument: POLL_MS): keeps every RTCPeerConnection with its creation time, and on a click on
 * `[data-testid=voice-join]` starts watching the connections made from then on. The result
 * (`window.__bench.current`) resolves with `{first, all}`: ms from the click until one inbound
 * video stream, and until `window.__bench.expect` of them, have decoded a frame; and on the way,
 * `pc` (a connection exists: ICE settings, getUserMedia and the join request are done) and
 * `connected` (one connection's ICE and DTLS are up), both to within a poll.
 */
export function installProbe(pollMs) {
  const made = [];
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(config) {
      super(config);
      made.push({ pc: this, born: performance.now() });
    }
  };
  const probe = { made, expect: 1, current: null };
  probe.watch = (t0, connections, expect) =>
    new Promise((resolve) => {
      const r = { pc: null, connected: null, first: null, all: null, most: 0 };
      const tick = async () => {
        let decoding = 0;
        const pcs = connections();
        const now = performance.now() - t0;
        if (pcs.length > 0 && r.pc === null) r.pc = now;
        if (pcs.some((pc) => pc.connectionState === 'connected') && r.connected === null) r.connected = now;
        for (const pc of pcs) {
          (await pc.getStats()).forEach((s) => {
            if (s.type === 'inbound-rtp' && s.kind === 'video' && s.framesDecoded > 0) decoding += 1;
          });
        }
        const at = performance.now() - t0;
        r.most = Math.max(r.most, decoding);
        if (decoding > 0 && r.first === null) r.first = at;
        if (decoding >= expect) r.all = at;
        if (r.all !== null || at > 30_000) return resolve(r);
        setTimeout(tick, pollMs);
      };
      void tick();
    });
  probe.since = (t0) => () =>
    made.filter((m) => m.born >= t0 && m.pc.connectionState !== 'closed').map((m) => m.pc);
  window.__bench = probe;
  document.addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest('[data-testid="voice-join"]')) return;
      const t0 = performance.now();
      probe.current = probe.watch(t0, probe.since(t0), probe.expect);
    },
    true,
  );
}

/**
 * The limit, in the page: the other member's fake camera and microphone are open before the
 * clock starts (as in a call the joiner enters); then, timed, the joiner's getUserMedia, two
 * connections, offer and answer handed over directly, candidates likewise, until the joiner's
 * connection decodes the other's first video frame. Also the local address it used.
 */
export async function limitSample() {
  const probe = window.__bench;
  const constraints = { audio: true, video: true };
  const other = await navigator.mediaDevices.getUserMedia(constraints);
  await new Promise((r) => setTimeout(r, 300));
  const t0 = performance.now();
  const mine = await navigator.mediaDevices.getUserMedia(constraints);
  const a = new RTCPeerConnection();
  const b = new RTCPeerConnection();
  for (const track of other.getTracks()) a.addTrack(track, other);
  for (const track of mine.getTracks()) b.addTrack(track, mine);
  a.onicecandidate = (e) => e.candidate && void b.addIceCandidate(e.candidate);
  b.onicecandidate = (e) => e.candidate && void a.addIceCandidate(e.candidate);
  const watching = probe.watch(t0, () => [b], 1);
  await b.setLocalDescription(await b.createOffer());
  await a.setRemoteDescription(b.localDescription);
  await a.setLocalDescription(await a.createAnswer());
  await b.setRemoteDescription(a.localDescription);
  const r = await watching;
  const local = [];
  const stats = await b.getStats();
  stats.forEach((s) => {
    if (s.type === 'transport' && s.selectedCandidatePairId) {
      const c = stats.get(stats.get(s.selectedCandidatePairId)?.localCandidateId);
      local.push(`${c?.candidateType}:${c?.address}`);
    }
  });
  a.close();
  b.close();
  for (const track of [...other.getTracks(), ...mine.getTracks()]) track.stop();
  return { ...r, local };
}

/**
 * Inbound media of the page's open connections: per inbound stream (audio and video counted
 * separately) its packets, bytes and decoded frames, and the local address of each selected pair.
 */
export async function inbound() {
  const out = { streams: [], local: [] };
  for (const [i, { pc }] of window.__bench.made.entries()) {
    if (pc.connectionState === 'closed') continue;
    const stats = await pc.getStats();
    stats.forEach((s) => {
      if (s.type === 'inbound-rtp') {
        out.streams.push({
          id: `${i}:${s.id}`,
          kind: s.kind,
          packets: s.packetsReceived ?? 0,
          bytes: s.bytesReceived ?? 0,
          frames: s.framesDecoded ?? 0,
        });
      }
      if (s.type === 'transport' && s.selectedCandidatePairId) {
        const c = stats.get(stats.get(s.selectedCandidatePairId)?.localCandidateId);
        out.local.push(`${c?.candidateType}:${c?.address}`);
      }
    });
  }
  return out;
}
