/**
 * Who is online: a user is online while any of their streams is open. The in-process version
 * counts this node's streams; the scaled version (Redis) counts across nodes.
 */
export interface Presence {
  /**
   * Counts one more stream of the user (and of their device, when given); returns the user's open
   * streams, this one included (1: now online).
   */
  connect(uid: number, device?: string): Promise<number>;
  /** The user's open streams across all nodes. */
  streams(uid: number): Promise<number>;
  /** One device's open streams across all nodes (a device that closed its last one: 0). */
  deviceStreams(uid: number, device: string): Promise<number>;
  /** Returns true when this made the user offline. Pass the device given to `connect`. */
  disconnect(uid: number, device?: string): Promise<boolean>;
  onlineUids(): Promise<number[]>;
  isOnline(uid: number): Promise<boolean>;
}

/** The field that counts one device's streams. */
export const deviceField = (uid: number, device: string) => `${uid}:${device}`;

export class InProcessPresence implements Presence {
  private readonly counts = new Map<number, number>();
  private readonly devices = new Map<string, number>();

  async connect(uid: number, device?: string): Promise<number> {
    if (device !== undefined) {
      const key = deviceField(uid, device);
      this.devices.set(key, (this.devices.get(key) ?? 0) + 1);
    }
    const n = (this.counts.get(uid) ?? 0) + 1;
    this.counts.set(uid, n);
    return n;
  }

  async streams(uid: number): Promise<number> {
    return this.counts.get(uid) ?? 0;
  }

  async deviceStreams(uid: number, device: string): Promise<number> {
    return this.devices.get(deviceField(uid, device)) ?? 0;
  }

  async disconnect(uid: number, device?: string): Promise<boolean> {
    if (device !== undefined) {
      const key = deviceField(uid, device);
      const d = (this.devices.get(key) ?? 0) - 1;
      if (d <= 0) this.devices.delete(key);
      else this.devices.set(key, d);
    }
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
