import { useState } from 'react';

/**
 * Runs an admin dialog's action once at a time and closes the dialog when it succeeds. A failure
 * leaves the dialog open: the request layer has already shown the server's answer.
 */
export function useBusyAction(action: () => Promise<unknown>, onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await action();
      onDone();
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
