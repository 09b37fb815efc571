/**
 * The member directory as a stream's initial sync sends it (`users_snapshot`), read and serialised
 * once per `users_version` instead of once per stream (issue 9: every open read every user and
 * serialised them; a reconnect storm of N streams did that N times for the same bytes).
 *
 * Exact because every change to what `users.list()` returns (a non-guest user created, changed or
 * deleted) appends a user-log row in the same transaction (services/users.ts, system.ts), so
 * `latestVersion()` moves with it, on every node. The version is read before the users: what is
 * kept under version V holds at least every change up to V (maybe a later one too, which the
 * stream also receives live, as before: it joined the hub before reading anything).
 */
import type { Store, UserRecord } from '../store/types.js';
import { forGuest } from '../policy/guests.js';
import { frameOf } from '../realtime/hub.js';
import { userInfo } from './views.js';

export interface Directory {
  readonly version: number;
  /** Every non-guest user, by uid; shared by every stream, so never changed. */
  readonly users: readonly UserRecord[];
  /** The `users_snapshot` frame of a reader who sees everyone (a guest's has no e-mail addresses). */
  frame(guest: boolean): string;
}

interface Latest {
  version: number;
  directory: Promise<Directory>;
}

/** One entry per store (tests build many servers in one process), the newest version read. */
const latest = new WeakMap<Store, Latest>();

export async function directoryAt(store: Store): Promise<Directory> {
  const version = await store.userLog.latestVersion();
  const kept = latest.get(store);
  if (kept && kept.version === version) return kept.directory;
  const directory = store.users.list().then((users) => build(version, users));
  // An older version read by a slow opener does not replace a newer one.
  if (!kept || kept.version < version) {
    const entry = { version, directory };
    latest.set(store, entry);
    directory.catch(() => {
      if (latest.get(store) === entry) latest.delete(store);
    });
  }
  return directory;
}

function build(version: number, users: UserRecord[]): Directory {
  const frames: [string | undefined, string | undefined] = [undefined, undefined];
  return {
    version,
    users,
    frame(guest) {
      const i = guest ? 1 : 0;
      if (frames[i] === undefined) {
        const infos = users.map(userInfo);
        frames[i] = frameOf({ type: 'users_snapshot', users: guest ? forGuest(infos) : infos, version });
      }
      return frames[i];
    },
  };
}
