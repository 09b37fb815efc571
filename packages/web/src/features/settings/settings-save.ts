import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';

/**
 * How every settings page saves (issue 7): one save at a time, the page's "saved" toast when it
 * succeeds, and nothing more when it fails — the request layer has already shown the server's
 * answer, and the form keeps what was typed.
 */
export interface SaveOptions {
  /** The success toast's text. */
  saved: string;
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
  toast.success(options.saved, options.toastId === undefined ? undefined : { id: options.toastId });
  return true;
}

/** {@link saveWithToast} with `busy` set while it runs, for the page's submit button. */
export function useSave(options: SaveOptions) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      return await saveWithToast(action, options);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export interface SettingsFormOptions<T> extends SaveOptions {
  load: () => Promise<T>;
  save: (value: T) => Promise<unknown>;
  /** False loads nothing (someone who is not an administrator). */
  enabled?: boolean;
  /** What the form shows when loading fails; without it the page keeps waiting. */
  fallback?: T;
}

/**
 * A settings form: its value loaded once `enabled`, edits held until submitted, and the value last
 * loaded or saved (`stored`), so `dirty` says whether there is anything to save.
 */
export function useSettingsForm<T>(options: SettingsFormOptions<T>) {
  const [value, setValue] = useState<T | null>(null);
  const [stored, setStored] = useState<T | null>(null);
  const { busy, run } = useSave(options);
  const { enabled = true } = options;
  // The loader may be a new closure on every render; it runs once per `enabled`.
  const source = useRef(options);
  useEffect(() => {
    source.current = options;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    let active = true;
    source.current.load().then(
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

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (value === null) return;
    const saving = value;
    if (await run(() => options.save(saving))) setStored(saving);
  };

  return {
    value,
    stored,
    dirty: value !== null && JSON.stringify(value) !== JSON.stringify(stored),
    saving: busy,
    update,
    submit,
  };
}
