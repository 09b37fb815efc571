import { describe, expect, it } from 'vitest';
import {
  AUTO_RELOAD_AFTER_MS,
  clearAutoReloadMark,
  scheduleAutoReload,
  type AutoReloadEnv,
} from './auto-reload';

/** A tab: its session storage survives reloads; timers run when `advance` says. */
function fakeTab() {
  const items = new Map<string, string>();
  const timers = new Map<number, { at: number; run: () => void }>();
  let now = 0;
  let next = 1;
  const tab = {
    reloads: 0,
    env: {
      storage: {
        getItem: (k: string) => items.get(k) ?? null,
        setItem: (k: string, v: string) => void items.set(k, v),
        removeItem: (k: string) => void items.delete(k),
      },
      reload: () => {
        tab.reloads += 1;
        timers.clear();
      },
      setTimeout: (run: () => void, ms: number) => {
        timers.set(next, { at: now + ms, run });
        return next++;
      },
      clearTimeout: (id: unknown) => void timers.delete(id as number),
    } satisfies AutoReloadEnv,
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.run();
      }
    },
  };
  return tab;
}

describe('loading screen auto-reload', () => {
  it('reloads after 5 s, not before', () => {
    const tab = fakeTab();
    scheduleAutoReload(tab.env);
    tab.advance(AUTO_RELOAD_AFTER_MS - 1);
    expect(tab.reloads).toBe(0);
    tab.advance(1);
    expect(tab.reloads).toBe(1);
  });

  it('does not reload when the start finishes first', () => {
    const tab = fakeTab();
    const cancel = scheduleAutoReload(tab.env);
    tab.advance(2_000);
    cancel();
    tab.advance(60_000);
    expect(tab.reloads).toBe(0);
  });

  it('reloads once, never in a loop, while the start keeps hanging', () => {
    const tab = fakeTab();
    for (let start = 0; start < 5; start++) {
      scheduleAutoReload(tab.env);
      tab.advance(AUTO_RELOAD_AFTER_MS * 2);
    }
    expect(tab.reloads).toBe(1);
  });

  it('may reload once again after a start succeeded', () => {
    const tab = fakeTab();
    scheduleAutoReload(tab.env);
    tab.advance(AUTO_RELOAD_AFTER_MS);
    clearAutoReloadMark(tab.env);
    scheduleAutoReload(tab.env);
    tab.advance(AUTO_RELOAD_AFTER_MS);
    expect(tab.reloads).toBe(2);
  });

  it('never reloads without storage (a reload could not be told apart)', () => {
    const tab = fakeTab();
    scheduleAutoReload({ ...tab.env, storage: null });
    tab.advance(60_000);
    expect(tab.reloads).toBe(0);
  });
});
