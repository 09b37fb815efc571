import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';

/**
 * How every settings page saves (issue 7): one save at a time, the page's "saved" toast when it
 * succeeds, and nothing more when it fails — the request layer has already shown the server's
 * answer, and the form keeps what was typed.
 */
export interface SaveOptions {
  /** The success toast's text; none where the page shows the change itself (a channel's switches). */
  saved?: string;
  /** Toasts with the same id replace each other instead of stacking (pages that save per click). */
  toastId?: string;
}

/** Runs `action` and shows the success toast; resolves to whether it succeeded. */
export async function saveWithToast(action: () => Promise<unknown>, options: SaveOptions): Promise<boolean> {
  try {
    await action();
  } catch {
    return false; // Shown by the request layer.
  }
  if (options.saved !== undefined) {
    toast.success(options.saved, options.toastId === undefined ? undefined : { id: options.toastId });
  }
  return true;
}

/**
 * {@link saveWithToast} with `busy` set while it runs, for the page's buttons; `run` may name
 * another toast for one action (or none: `{}` for a check that stores nothing).
 */
export function useSave(options: SaveOptions = {}) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, only: SaveOptions = options): Promise<boolean> => {
    setBusy(true);
    try {
      return await saveWithToast(action, only);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export type SettingsFormOptions<T> = SaveOptions & {
  save: (value: T) => Promise<unknown>;
  /** False loads nothing (someone who is not an administrator). */
  enabled?: boolean;
  /** What the form shows when loading fails; without it the page keeps waiting. */
  fallback?: T;
  /**
   * What is saved of what was typed (text trimmed): `dirty` compares it with what is stored, and
   * the form shows it once saved.
   */
  normalize?: (value: T) => T;
} & (
    | { load: () => Promise<T>; initial?: undefined }
    /** The stored value the page already holds (a channel from the store, a bot from its list). */
    | { initial: T; load?: undefined }
  );

/**
 * A settings form: its value loaded once `enabled` (or given as `initial`), edits held until
 * submitted, and the value last loaded or saved (`stored`), so `dirty` says whether there is
 * anything to save. `change` saves a patch at once, for controls that save on each click.
 */
export function useSettingsForm<T>(options: SettingsFormOptions<T>) {
  const [value, setValue] = useState<T | null>(options.initial ?? null);
  const [stored, setStored] = useState<T | null>(options.initial ?? null);
  const { busy, run } = useSave(options);
  const { enabled = true, normalize = (typed: T) => typed } = options;
  // The loader may be a new closure on every render; it runs once per `enabled`.
  const source = useRef(options);
  useEffect(() => {
    source.current = options;
  });

  useEffect(() => {
    const { load } = source.current;
    if (!enabled || !load) return undefined;
    let active = true;
    load().then(
      (loaded) => {
        if (!active) return;
        setValue(loaded);
        setStored(loaded);
      },
      () => {
        const { fallback } = source.current;
        if (active && fallback !== undefined) setValue(fallback);
      },
    );
    return () => {
      active = false;
    };
  }, [enabled]);

  const update = (patch: Partial<T>) =>
    setValue((current) => (current === null ? current : { ...current, ...patch }));

  /** Stores `saving`; the form shows it unless something was typed meanwhile. */
  const store = async (typed: T, saving: T): Promise<boolean> => {
    if (!(await run(() => options.save(saving)))) return false;
    setStored(saving);
    setValue((current) => (current === typed ? saving : current));
    return true;
  };

  const submit = async (event?: FormEvent): Promise<boolean> => {
    event?.preventDefault();
    if (value === null) return false;
    return store(value, normalize(value));
  };

  const change = async (patch: Partial<T>): Promise<boolean> => {
    if (value === null) return false;
    const next = normalize({ ...value, ...patch });
    if (!(await run(() => options.save(next)))) return false;
    setStored(next);
    setValue(next);
    return true;
  };

  return {
    value,
    stored,
    dirty: value !== null && JSON.stringify(normalize(value)) !== JSON.stringify(stored),
    saving: busy,
    update,
    submit,
    change,
  };
}
