/**
 * A small in-memory cache with an expiry per entry and a size bound (oldest entries go first),
 * which also joins concurrent loads of one key into a single load.
 */
export interface Loaded<T> {
  value: T;
  ttlMs: number;
}

export class TtlCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<T>>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.value;
    if (hit) this.entries.delete(key);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const promise = load()
      .then(({ value, ttlMs }) => {
        // A zero expiry answers the callers waiting now and keeps nothing.
        if (ttlMs <= 0) return value;
        this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
        while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        return value;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, promise);
    return promise;
  }
}
