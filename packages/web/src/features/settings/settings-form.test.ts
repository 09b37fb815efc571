import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * `useSettingsForm` through a stand-in for React's hooks (the web tests run without a DOM): a
 * component is a function called again on every `render()`, state lives in slots by call order,
 * and effects run after the render whose dependencies changed, as React does.
 */
const hooks = vi.hoisted(() => {
  let slots: unknown[] = [];
  let effects: (() => void)[] = [];
  let index = 0;
  const cleanups = new Map<number, () => void>();
  const same = (a: unknown[] | undefined, b: unknown[] | undefined) =>
    a !== undefined && b !== undefined && a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
  return {
    reset() {
      slots = [];
      effects = [];
      cleanups.clear();
    },
    render<R>(component: () => R): R {
      index = 0;
      const result = component();
      for (const run of effects.splice(0)) run();
      return result;
    },
    useState<T>(initial: T | (() => T)) {
      const slot = index++;
      if (slots.length <= slot)
        slots[slot] = typeof initial === 'function' ? (initial as () => T)() : initial;
      const set = (next: T | ((current: T) => T)) => {
        slots[slot] = typeof next === 'function' ? (next as (current: T) => T)(slots[slot] as T) : next;
      };
      return [slots[slot] as T, set] as const;
    },
    useRef<T>(initial: T) {
      const slot = index++;
      if (slots.length <= slot) slots[slot] = { current: initial };
      return slots[slot] as { current: T };
    },
    useEffect(effect: () => void | (() => void), deps?: unknown[]) {
      const slot = index++;
      const previous = slots[slot] as unknown[] | undefined;
      if (deps !== undefined && same(previous, deps)) return;
      slots[slot] = deps;
      effects.push(() => {
        cleanups.get(slot)?.();
        const cleanup = effect();
        if (cleanup) cleanups.set(slot, cleanup);
      });
    },
  };
});
vi.mock('react', () => ({ useState: hooks.useState, useRef: hooks.useRef, useEffect: hooks.useEffect }));
const success = vi.fn();
vi.mock('../../lib/toast', () => ({ toast: { success } }));

const { useSettingsForm } = await import('./settings-save');
type Options = Parameters<typeof useSettingsForm<Config>>[0];
interface Config {
  name: string;
  on: boolean;
}

/** Renders the hook until the promises it started have settled. */
async function settle(options: Options) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return hooks.render(() => useSettingsForm<Config>(options));
}

beforeEach(() => {
  hooks.reset();
  success.mockClear();
});

describe('useSettingsForm', () => {
  it('loads the value, is clean until edited, and saves what was typed with the toast', async () => {
    const save = vi.fn(() => Promise.resolve());
    const options: Options = { load: () => Promise.resolve({ name: 'a', on: false }), save, saved: 'Saved' };
    expect(hooks.render(() => useSettingsForm<Config>(options)).value).toBeNull();
    let form = await settle(options);
    expect(form.value).toEqual({ name: 'a', on: false });
    expect(form.dirty).toBe(false);

    form.update({ name: 'b' });
    form = await settle(options);
    expect(form.dirty).toBe(true);
    expect(await form.submit()).toBe(true);
    form = await settle(options);
    expect(save).toHaveBeenCalledExactlyOnceWith({ name: 'b', on: false });
    expect(success).toHaveBeenCalledExactlyOnceWith('Saved', undefined);
    expect(form.stored).toEqual({ name: 'b', on: false });
    expect(form.dirty).toBe(false);
  });

  it('keeps what was typed, and still dirty, when the save fails', async () => {
    const options: Options = {
      initial: { name: 'a', on: false },
      save: () => Promise.reject(new Error('400')),
      saved: 'Saved',
    };
    let form = hooks.render(() => useSettingsForm<Config>(options));
    form.update({ name: 'b' });
    form = await settle(options);
    expect(await form.submit()).toBe(false);
    form = await settle(options);
    expect(form.value).toEqual({ name: 'b', on: false });
    expect(form.stored).toEqual({ name: 'a', on: false });
    expect(form.dirty).toBe(true);
    expect(success).not.toHaveBeenCalled();
  });

  it('compares and saves the normalised value, and shows it once stored', async () => {
    const save = vi.fn(() => Promise.resolve());
    const options: Options = {
      initial: { name: 'a', on: false },
      normalize: (value) => ({ ...value, name: value.name.trim() }),
      save,
    };
    let form = hooks.render(() => useSettingsForm<Config>(options));
    form.update({ name: 'a  ' });
    form = await settle(options);
    expect(form.dirty).toBe(false);
    form.update({ name: ' b ' });
    form = await settle(options);
    expect(form.dirty).toBe(true);
    await form.submit();
    form = await settle(options);
    expect(save).toHaveBeenCalledExactlyOnceWith({ name: 'b', on: false });
    expect(form.value).toEqual({ name: 'b', on: false });
    expect(success).not.toHaveBeenCalled(); // No `saved`: the page shows the change itself.
  });

  it('saves a change at once and shows it only once stored', async () => {
    let finish = () => {};
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const options: Options = {
      initial: { name: 'a', on: false },
      save,
      saved: 'Saved',
      toastId: 'admin-saved',
    };
    let form = hooks.render(() => useSettingsForm<Config>(options));
    const saving = form.change({ on: true });
    form = await settle(options);
    expect(form.saving).toBe(true);
    expect(form.value?.on).toBe(false);
    finish();
    expect(await saving).toBe(true);
    form = await settle(options);
    expect(save).toHaveBeenCalledExactlyOnceWith({ name: 'a', on: true });
    expect(form.value).toEqual({ name: 'a', on: true });
    expect(form.stored).toEqual({ name: 'a', on: true });
    expect(form.saving).toBe(false);
    expect(success).toHaveBeenCalledExactlyOnceWith('Saved', { id: 'admin-saved' });
  });

  it('loads nothing until enabled, and shows the fallback when loading fails', async () => {
    const load = vi.fn(() => Promise.reject(new Error('403')));
    const options: Options = {
      load,
      save: () => Promise.resolve(),
      enabled: false,
      fallback: { name: '', on: false },
    };
    let form = await settle(options);
    expect(load).not.toHaveBeenCalled();
    expect(form.value).toBeNull();
    options.enabled = true;
    await settle(options); // Renders with `enabled`: the load starts, and fails.
    form = await settle(options);
    expect(load).toHaveBeenCalledOnce();
    expect(form.value).toEqual({ name: '', on: false });
    expect(form.stored).toBeNull();
  });
});
