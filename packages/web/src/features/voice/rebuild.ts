/**
 * When a call's connection is rebuilt (docs/voice.md "Link quality and reconnection"). Chromium
 * calls a path `disconnected` ~8 s after its last packet and `failed` ~10 s later, and never moves
 * a connection to another address by itself; one still connecting after `STUCK_MS` found no path
 * (its candidates were gathered while the network was gone).
 */
export const REBUILD_FIRST_MS = 4_000;
/** For the mesh member with the higher uid: by then the other side's offer would have come. */
export const REBUILD_LATE_MS = 15_000;
export const STUCK_MS = 20_000;

/**
 * Calls `rebuild` once `pc` has been broken for `brokenMs`, or still connecting for
 * `STUCK_MS + brokenMs`; connecting in time cancels it. Returns the function that stops watching.
 */
export function watchConnection(pc: RTCPeerConnection, brokenMs: number, rebuild: () => void): () => void {
  let pending: { reason: 'broken' | 'stuck'; timer: ReturnType<typeof setTimeout> } | undefined;
  const check = () => {
    const state = pc.connectionState;
    if (state === 'connected' || state === 'closed') {
      clearTimeout(pending?.timer);
      pending = undefined;
      return;
    }
    const reason = state === 'disconnected' || state === 'failed' ? 'broken' : 'stuck';
    if (pending?.reason === reason) return;
    clearTimeout(pending?.timer);
    const timer = setTimeout(
      () => {
        pending = undefined;
        if (pc.connectionState !== 'connected' && pc.connectionState !== 'closed') rebuild();
      },
      (reason === 'stuck' ? STUCK_MS : 0) + brokenMs,
    );
    pending = { reason, timer };
  };
  pc.addEventListener('connectionstatechange', check);
  check();
  return () => {
    clearTimeout(pending?.timer);
    pc.removeEventListener('connectionstatechange', check);
  };
}
