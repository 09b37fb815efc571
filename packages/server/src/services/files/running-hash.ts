/**
 * SHA-256 of uploads in progress, fed chunk by chunk as they are stored, so the last chunk answers
 * its `hash` (API.md §7.1) without reading the file back. The state lives in this node's memory
 * (about 200 bytes an upload, at most `MAX_RUNNING` uploads, least recently fed dropped first). A
 * state that does not cover exactly the stored chunks — a restart, chunks of one upload spread over
 * several nodes, a dropped entry — is not used: the hash is then computed from storage as before.
 */
import { createHash, type Hash } from 'node:crypto';
import type { Blobs } from '../../blobs/index.js';

export const MAX_RUNNING = 10_000;

interface Running {
  hash: Hash;
  /** How many chunks, from chunk 0 on, the hash has seen. */
  chunks: number;
}

export class RunningHashes {
  private readonly states = new Map<string, Running>();

  constructor(private readonly max = MAX_RUNNING) {}

  /** Feeds chunk `n` of the upload, just stored; a chunk out of order ends the running hash. */
  add(fileId: string, n: number, data: Buffer): void {
    const state = n === 0 ? { hash: createHash('sha256'), chunks: 0 } : this.states.get(fileId);
    this.states.delete(fileId);
    if (!state || state.chunks !== n) return;
    state.hash.update(data);
    state.chunks = n + 1;
    this.states.set(fileId, state);
    if (this.states.size > this.max) this.states.delete(this.states.keys().next().value!);
  }

  /** The hex digest if the running hash saw exactly `chunks` chunks; forgets the upload either way. */
  take(fileId: string, chunks: number): string | undefined {
    const state = this.states.get(fileId);
    this.states.delete(fileId);
    return state && state.chunks === chunks ? state.hash.digest('hex') : undefined;
  }

  forget(fileId: string): void {
    this.states.delete(fileId);
  }

  get size(): number {
    return this.states.size;
  }
}

/** One set of running hashes per blob store, i.e. per server instance (tests run several). */
const byStore = new WeakMap<Blobs, RunningHashes>();

export function runningHashes(blobs: Blobs): RunningHashes {
  let hashes = byStore.get(blobs);
  if (!hashes) byStore.set(blobs, (hashes = new RunningHashes()));
  return hashes;
}
