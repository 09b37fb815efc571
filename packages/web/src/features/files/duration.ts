/** A duration as m:ss (h:mm:ss from an hour), digits only, so every language reads it. */
export function formatDuration(total: number): string {
  const seconds = Number.isFinite(total) && total > 0 ? Math.floor(total) : 0;
  const s = String(seconds % 60).padStart(2, '0');
  const m = Math.floor(seconds / 60) % 60;
  const h = Math.floor(seconds / 3600);
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
