/**
 * What a bench process measures about itself. Each process (server host, node, load client)
 * reports its own CPU time, memory and event-loop delay, so that no process's costs are counted in
 * another's.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** CPU ms (user + system) since a process.cpuUsage() reading, or since the process started. */
export function cpuMs(since) {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
}

/**
 * Memory, by default after three gc passes (with --expose-gc) 50 ms apart, so that garbage and
 * pages freed late do not count as what the open streams hold.
 */
export async function memory(collect = true) {
  if (collect && globalThis.gc) {
    for (let i = 0; i < 3; i++) {
      globalThis.gc();
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external };
}

/** CPU time, wall time and event-loop delay of this process since the last start(). */
export class PhaseMeter {
  #eld = monitorEventLoopDelay({ resolution: 5 });
  #cpu;
  #t;

  constructor() {
    this.#eld.enable();
    this.start();
  }

  start() {
    this.#eld.reset();
    this.#cpu = process.cpuUsage();
    this.#t = performance.now();
  }

  cpuMs() {
    return cpuMs(this.#cpu);
  }

  loopDelayP99Ms() {
    return this.#eld.percentile(99) / 1e6;
  }

  loopDelayMaxMs() {
    return this.#eld.max / 1e6;
  }

  /** The readings a server process reports at the end of a phase. */
  end() {
    return {
      cpuMs: this.cpuMs(),
      wallMs: performance.now() - this.#t,
      eventLoopDelayP99Ms: this.loopDelayP99Ms(),
    };
  }
}
