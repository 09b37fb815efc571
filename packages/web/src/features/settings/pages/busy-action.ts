import { useSave } from '../settings-save';

/**
 * Runs an admin dialog's action once at a time and closes the dialog when it succeeds. A failure
 * leaves the dialog open: the request layer has already shown the server's answer.
 */
export function useBusyAction(action: () => Promise<unknown>, onDone: () => void) {
  const { busy, run } = useSave();
  return {
    busy,
    run: async () => {
      if (await run(action)) onDone();
    },
  };
}
