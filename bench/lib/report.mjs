/**
 * Building blocks of the printed reports (bench/run.mjs, bench/cluster.mjs), so that both print a
 * figure the same way. A missing figure (null, or NaN from a failed phase) prints as '–'.
 */
const missing = (v) => v == null || Number.isNaN(v);
export const f0 = (v) => (missing(v) ? '–' : v.toFixed(0));
export const f1 = (v) => (missing(v) ? '–' : v.toFixed(1));
export const f2 = (v) => (missing(v) ? '–' : v.toFixed(2));
export const fx = (v) => (missing(v) ? '–' : `${v.toFixed(2)}×`);

/** Mean of the figures present (a run that did not produce one does not drag the mean to 0). */
export const mean = (xs) => {
  const ok = xs.filter((x) => !missing(x));
  return ok.length ? ok.reduce((a, b) => a + b, 0) / ok.length : null;
};

/**
 * The load client, not the server, limited a run when it used > 60 % of its core or its loop
 * delay p99 passed 20 ms: the latency then partly measures the client.
 */
export const clientBound = (r) =>
  r != null && ((r.clientCpuMs / (r.wallMs ?? r.elapsedMs)) * 100 > 60 || r.clientEventLoopDelayP99Ms > 20);

/** A Markdown table, columns padded so it also reads as plain text. */
export function table(headers, rows) {
  const cells = [headers, ...rows].map((r) => r.map(String));
  const w = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(w[i])).join(' | ')} |`;
  return [line(cells[0]), `|${w.map((x) => '-'.repeat(x + 2)).join('|')}|`, ...cells.slice(1).map(line)].join(
    '\n',
  );
}
