/** Small statistics helpers: exact percentiles over recorded samples, a least-squares slope. */

/** Nearest-rank percentile of an ascending array. */
function pick(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(samples) {
  const sorted = Float64Array.from(samples).sort();
  const n = sorted.length;
  if (n === 0) return { n: 0, p50: null, p90: null, p95: null, p99: null, max: null, mean: null };
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    n,
    p50: pick(sorted, 50),
    p90: pick(sorted, 90),
    p95: pick(sorted, 95),
    p99: pick(sorted, 99),
    max: sorted[n - 1],
    mean: sum / n,
  };
}

/** Nearest-rank percentile `p` (0–100) of unsorted samples. */
export const percentile = (samples, p) => pick(Float64Array.from(samples).sort(), p);

export function median(values) {
  return summarize(values).p50;
}

/** Slope of the least-squares line through (x, y) points. */
export function slope(points) {
  const n = points.length;
  if (n < 2) return null;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? null : num / den;
}

export const ratio = (a, b) => (a == null || b == null || b === 0 ? null : a / b);
