/**
 * Who is online: a user is online while any of their streams is open. The in-process version
 * counts this node's streams; the scaled version (Redis) counts across nodes.
 */
export interface Presence {
  /** Counts one more stream of the user; returns their open streams, this one included (1: now online). */
  connect(uid: number): Promise<number>;
  /** The user's open streams across all nodes. */
  streams(uid: number): Promise<number>;
  /** Returns true when this made the user offline. */
  disconnect(uid: number): Promise<boolean>;
  onlineUids(): Promise<number[]>;
  isOnline(uid: number): Promise<boolean>;
}

export class InProcessPresence implements Presence {
  private readonly counts = new Map<number, number>();

  async connect(uid: number): Promise<number> {
    const n = (this.counts.get(uid) ?? 0) + 1;
    this.counts.set(uid, n);
    return n;
  }

  async streams(uid: number): Promise<number> {
    return this.counts.get(uid) ?? 0;
  }

  async disconnect(uid: number): Promise<boolean> {
    const n = (this.counts.get(uid) ?? 0) - 1;
    if (n <= 0) {
      this.counts.delete(uid);
      return n === 0;
    }
    this.counts.set(uid, n);
    return false;
  }

  async onlineUids(): Promise<number[]> {
    return [...this.counts.keys()];
  }

  async isOnline(uid: number): Promise<boolean> {
    return this.counts.has(uid);
  }
}
