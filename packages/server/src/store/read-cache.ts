/**
 * What every request re-reads, kept in memory: the caller's device row (token check) and user,
 * the channel and its members, the caller's chat setting for the target (burn after reading), a
 * contact row and the system settings. Each send read all of them from the database (issue 9).
 *
 * Correctness before speed: a stale permission is a security bug. So
 * - every method of a cached part of the store that is not a known read counts as a write and
 *   empties that part (writes inside `transaction` too, once it settles), after the write;
 * - the other nodes are told through the invalidation channel before the write returns
 *   (scaled mode: Redis, `realtime/redis-invalidation.ts`), and empty the same parts;
 * - a read that was running while its part was emptied does not store what it read (it may
 *   predate the write): each part has a generation, bumped by every invalidation;
 * - while invalidations from other nodes may be missed (the bus is not live) nothing is cached;
 * - an entry is re-read after `MAX_AGE_MS` at the latest, a bound for what nothing else covers (a
 *   node that committed a write but could not publish its invalidation);
 * - callers get a copy, so one that changes what it got cannot change the cache (`plain-copy.ts`).
 */
import { plainCopy } from './plain-copy.js';
import type { Store } from './types.js';

/** How the cache hears about writes made by other nodes. */
export interface CacheInvalidation {
  /** Tells the other nodes which parts to empty; resolves once the transport took it. */
  publish(parts: readonly CachePart[]): Promise<void>;
  /** Calls `handler` for each invalidation another node published. */
  subscribe(handler: (parts: readonly CachePart[]) => void): void;
  /** False while invalidations from other nodes could be missed: the cache is bypassed then. */
  isLive(): boolean;
  /** Calls `listener` each time it stops being live. */
  onLost(listener: () => void): void;
}

/** One node alone (embedded mode): nobody else writes. */
export const SINGLE_NODE: CacheInvalidation = {
  publish: async () => undefined,
  subscribe: () => undefined,
  isLive: () => true,
  onLost: () => undefined,
};

export const CACHE_PARTS = ['sessions', 'users', 'groups', 'chatSettings', 'contacts', 'settings'] as const;
export type CachePart = (typeof CACHE_PARTS)[number];

export const MAX_AGE_MS = 5_000;
/** Per part; a full part starts over (the working set of senders is far smaller). */
const MAX_ENTRIES = 20_000;

/** The cached reads, with the key of each call. */
const CACHED: Partial<Record<CachePart, Record<string, (...args: never[]) => string>>> = {
  sessions: { getDevice: (uid: number, device: string) => `${uid}\u0000${device}` },
  users: { get: (uid: number) => String(uid) },
  groups: { get: (gid: number) => `g${gid}`, members: (gid: number) => `m${gid}` },
  chatSettings: {
    get: (uid: number, target: { uid: number } | { gid: number }) =>
      'uid' in target ? `${uid}u${target.uid}` : `${uid}g${target.gid}`,
  },
  contacts: { get: (uid: number, target: number) => `${uid}:${target}` },
  settings: { get: (key: string) => key },
};

/** Methods that only read. Any other method of a cached part empties it (unknown means write). */
const READS: Record<CachePart, ReadonlySet<string>> = {
  sessions: new Set(['getDevice', 'listDevices', 'getRefreshToken', 'listRefreshTokens']),
  users: new Set(['get', 'getMany', 'getByEmail', 'getByName', 'list', 'listUids', 'count']),
  groups: new Set([
    'get',
    'listVisibleTo',
    'listAll',
    'count',
    'members',
    'membersOf',
    'isMember',
    'sharedBy',
  ]),
  chatSettings: new Set(['list', 'get']),
  contacts: new Set(['list', 'get']),
  settings: new Set(['get']),
};

/**
 * What a write to a part can change besides that part: deleting a user cascades to their
 * devices, memberships, chat settings and contacts (not to the system settings, which no user
 * row refers to); a deleted channel's chat settings go with it.
 */
const CHANGES: Record<CachePart, readonly CachePart[]> = {
  sessions: ['sessions'],
  users: CACHE_PARTS.filter((part) => part !== 'settings'),
  groups: ['groups', 'chatSettings'],
  chatSettings: ['chatSettings'],
  contacts: ['contacts'],
  settings: ['settings'],
};

/** Writes elsewhere in the store that touch a cached table (the device row's push token). */
const OTHER_WRITES: Record<string, Record<string, CachePart>> = {
  notify: { setDeviceToken: 'sessions' },
};

interface Entry {
  value: unknown;
  at: number;
}

interface Part {
  entries: Map<string, Entry>;
  generation: number;
}

/** Counts for the bench and the tests. */
export interface ReadCacheStats {
  hits: number;
  misses: number;
  invalidations: number;
}

export interface ReadCache {
  readonly store: Store;
  readonly stats: ReadCacheStats;
}

type AnyFn = (...args: unknown[]) => Promise<unknown>;

const isPart = (name: PropertyKey): name is CachePart =>
  (CACHE_PARTS as readonly PropertyKey[]).includes(name);

export function cacheReads(
  store: Store,
  peers: CacheInvalidation,
  onPublishError: (err: unknown) => void,
  now: () => number = Date.now,
): ReadCache {
  const parts = new Map<CachePart, Part>(CACHE_PARTS.map((p) => [p, { entries: new Map(), generation: 0 }]));
  const stats: ReadCacheStats = { hits: 0, misses: 0, invalidations: 0 };

  const empty = (names: Iterable<CachePart>) => {
    for (const name of names) {
      const part = parts.get(name)!;
      part.generation++;
      part.entries.clear();
    }
    stats.invalidations++;
  };
  const emptyAll = () => empty(CACHE_PARTS);
  peers.subscribe((names) => empty(names.filter(isPart)));
  peers.onLost(emptyAll);

  /** After a write: empty here, then tell the other nodes before the write's caller goes on. */
  const invalidate = async (names: ReadonlySet<CachePart>) => {
    if (names.size === 0) return;
    empty(names);
    await peers.publish([...names]).catch(onPublishError);
  };

  const cachedRead = (name: CachePart, fn: AnyFn, key: (...args: never[]) => string): AnyFn => {
    const part = parts.get(name)!;
    return async (...args) => {
      if (!peers.isLive()) return fn(...args);
      const k = (key as (...a: unknown[]) => string)(...args);
      const found = part.entries.get(k);
      if (found && now() - found.at < MAX_AGE_MS) {
        stats.hits++;
        return plainCopy(found.value);
      }
      stats.misses++;
      const generation = part.generation;
      const at = now();
      const value = await fn(...args);
      // Emptied meanwhile: what was read may predate the write that emptied it.
      if (part.generation === generation && peers.isLive()) {
        if (part.entries.size >= MAX_ENTRIES) part.entries.clear();
        part.entries.set(k, { value: plainCopy(value), at });
      }
      return value;
    };
  };

  const afterWrite = (fn: AnyFn, changed: readonly CachePart[]): AnyFn => {
    return async (...args) => {
      try {
        return await fn(...args);
      } finally {
        await invalidate(new Set(changed));
      }
    };
  };

  /** Wraps one part of the store; `dirty` is set inside a transaction (reads go through then). */
  const wrapPart = (name: string, target: object, dirty?: Set<CachePart>): object => {
    const methods = new Map<PropertyKey, unknown>();
    return new Proxy(target, {
      get(obj, prop) {
        const value: unknown = Reflect.get(obj, prop, obj);
        if (typeof value !== 'function') return value;
        let method = methods.get(prop);
        if (method) return method;
        const fn = (value as AnyFn).bind(obj);
        const cachePart = isPart(name) ? name : undefined;
        const other = OTHER_WRITES[name]?.[String(prop)];
        if (cachePart && READS[cachePart].has(String(prop))) {
          const key = CACHED[cachePart]?.[String(prop)];
          method = key && !dirty ? cachedRead(cachePart, fn, key) : fn;
        } else if (cachePart || other) {
          const changed = cachePart ? CHANGES[cachePart] : [other!];
          method = dirty
            ? (...args: unknown[]) => {
                for (const c of changed) dirty.add(c);
                return fn(...args);
              }
            : afterWrite(fn, changed);
        } else {
          method = fn;
        }
        methods.set(prop, method);
        return method;
      },
    });
  };

  const wrapStore = (target: Store, dirty?: Set<CachePart>): Store => {
    const wrapped = new Map<PropertyKey, unknown>();
    return new Proxy(target, {
      get(obj, prop) {
        if (wrapped.has(prop)) return wrapped.get(prop);
        const value: unknown = Reflect.get(obj, prop, obj);
        let result: unknown = value;
        if (prop === 'transaction') {
          result = async <T>(fn: (tx: Store) => Promise<T>): Promise<T> => {
            if (dirty) return obj.transaction((tx) => fn(wrapStore(tx, dirty)));
            const changed = new Set<CachePart>();
            try {
              return await obj.transaction((tx) => fn(wrapStore(tx, changed)));
            } finally {
              await invalidate(changed);
            }
          };
        } else if (typeof value === 'function') {
          result = (value as AnyFn).bind(obj);
        } else if (value !== null && typeof value === 'object' && (isPart(prop) || prop in OTHER_WRITES)) {
          result = wrapPart(String(prop), value, dirty);
        }
        wrapped.set(prop, result);
        return result;
      },
    });
  };

  return { store: wrapStore(store), stats };
}
