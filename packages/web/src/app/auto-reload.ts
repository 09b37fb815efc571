/**
 * SPEC §2 "Loading screen": when a start was flagged for it (the auth guard, while the guest-mode
 * setting is not known yet: SPEC §4), the loading screen reloads the page after 5 s. The flag is
 * the `autoReload` of the screen, never a stored value, so no other slow screen reloads; a mark in
 * the tab's session storage says a reload was made, so a start that keeps hanging reloads once,
 * never in a loop (the 30 s Reload button remains). The mark is cleared once the start gets what
 * it waited for, so a later stall in the same tab may reload once again.
 */
export const AUTO_RELOAD_AFTER_MS = 5_000;
const MARK = 'parley.autoReloaded';

export interface AutoReloadEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  reload: () => void;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
}

const browserEnv = (): AutoReloadEnv => ({
  storage: sessionStorageOrNull(),
  reload: () => window.location.reload(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (timer) => window.clearTimeout(timer as number),
});

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Starts the 5 s count; returns what cancels it. Does nothing when this tab reloaded for it already. */
export function scheduleAutoReload(env: AutoReloadEnv = browserEnv()): () => void {
  // Without storage a reload could not be told from the first start: never reload then.
  if (!env.storage || env.storage.getItem(MARK) !== null) return () => undefined;
  const storage = env.storage;
  const timer = env.setTimeout(() => {
    storage.setItem(MARK, String(Date.now()));
    env.reload();
  }, AUTO_RELOAD_AFTER_MS);
  return () => env.clearTimeout(timer);
}

/** The start got what it waited for: a later stall may reload once again. */
export function clearAutoReloadMark(
  env: Pick<AutoReloadEnv, 'storage'> = { storage: sessionStorageOrNull() },
): void {
  try {
    env.storage?.removeItem(MARK);
  } catch {
    /* storage unavailable */
  }
}
