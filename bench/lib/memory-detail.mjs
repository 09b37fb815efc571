/**
 * Where a process's resident memory is, after gc (docs/benchmarks.md, "Memory after send bursts"):
 * V8's spaces of the main isolate (committed and used), and /proc/self/smaps summed by kind, so
 * that growth can be told apart: live JavaScript objects, committed but empty V8 heap, glibc's
 * malloc arenas (SQLite's page caches and statements, libuv, OpenSSL), and mapped files.
 */
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import { memory } from './process-meter.mjs';

const KB = 1024;
/** glibc's non-main arenas are 64 MB-aligned reservations (HEAP_MAX_SIZE on 64-bit). */
const ARENA_ALIGN = 64n * 1024n * 1024n;

/** Resident kB of each mapping in /proc/self/smaps, grouped: brk heap, thread arenas, other anonymous, files. */
export function smapsSummary(text = readFileSync('/proc/self/smaps', 'utf8')) {
  const maps = [];
  let cur;
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (head) {
      cur = {
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3],
        path: head[4],
        rss: 0,
      };
      maps.push(cur);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && cur) cur.rss = Number(rss[1]) * KB;
  }
  const out = { brkHeap: 0, arenas: 0, arenaCount: 0, arenaList: [], anonOther: 0, files: 0, stacks: 0 };
  for (let i = 0; i < maps.length; i++) {
    const m = maps[i];
    if (m.path === '[heap]') out.brkHeap += m.rss;
    else if (m.path === '[stack]') out.stacks += m.rss;
    else if (m.path.startsWith('/')) out.files += m.rss;
    else if (
      m.path === '' &&
      m.perms.startsWith('rw') &&
      m.start % ARENA_ALIGN === 0n &&
      maps[i + 1]?.perms === '---p' &&
      maps[i + 1].start === m.end &&
      maps[i + 1].end - m.start === ARENA_ALIGN
    ) {
      out.arenas += m.rss;
      out.arenaCount += 1;
      out.arenaList.push(m.rss);
    } else if (m.path === '' || m.path.startsWith('[anon')) out.anonOther += m.rss;
  }
  return out;
}

function status() {
  const text = readFileSync('/proc/self/status', 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) * KB;
  return { vmRss: kb('VmRSS'), rssAnon: kb('RssAnon'), rssFile: kb('RssFile'), vmHwm: kb('VmHWM') };
}

/** `memory()` (after gc) plus the breakdown. */
export async function memoryDetail() {
  const base = await memory();
  const spaces = Object.fromEntries(
    v8
      .getHeapSpaceStatistics()
      .map((s) => [
        s.space_name.replace(/_space$/, ''),
        { used: s.space_used_size, physical: s.physical_space_size },
      ]),
  );
  const heap = v8.getHeapStatistics();
  return {
    ...base,
    ...status(),
    v8Physical: heap.total_physical_size,
    v8Malloced: heap.malloced_memory,
    spaces,
    smaps: smapsSummary(),
  };
}
