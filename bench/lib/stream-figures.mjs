/**
 * Figures both reports derive from the readings taken while streams were opened, with the same
 * arithmetic: memory per open stream and the rate at which streams open.
 */
import { slope } from './stats.mjs';

// Memory readings are { streams, rss, heapUsed, external }, the first one at 0 streams.
export const rssOf = (x) => x.rss;
export const heapOf = (x) => x.heapUsed + x.external;

/** KB per stream at each step: (value at N − value at 0) / N. */
export const perStreamKB = (points) =>
  points.slice(1).map((x) => ({
    n: x.streams,
    rss: (rssOf(x) - rssOf(points[0])) / x.streams / 1024,
    heap: (heapOf(x) - heapOf(points[0])) / x.streams / 1024,
  }));

/** KB per stream from the least-squares fit over every step: the figure to quote. */
export const slopeKB = (points, key) => {
  const v = slope(points.map((x) => [x.streams, key(x)]));
  return v == null ? null : v / 1024;
};

/** Streams opened per second, over every batch of openStreams calls. */
export const openRate = (opens) => {
  const n = opens.reduce((a, o) => a + o.ready, 0);
  const ms = opens.reduce((a, o) => a + o.ms, 0);
  return ms > 0 ? (n / ms) * 1000 : null;
};
