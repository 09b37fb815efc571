let lastLocalId = 0;

/** A millisecond timestamp, made strictly increasing so two quick sends never share a local id. */
export function nextLocalId(now: number = Date.now()): number {
  lastLocalId = Math.max(now, lastLocalId + 1);
  return lastLocalId;
}
