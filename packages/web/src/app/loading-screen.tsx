import { useEffect, useState } from 'react';
import { i18n } from '../lib/i18n';
import { clearAllStorage } from '../lib/store/persistence';
import { Button, Spinner } from '../ui';
import { scheduleAutoReload } from './auto-reload';

/** SPEC §2 "Loading screen": a way out after 30 s, for a start that never finishes. */
const RELOAD_AFTER_MS = 30_000;

/** Starts afresh: what this app stored locally may be what keeps it from starting. */
function clearAndReload(): void {
  clearAllStorage();
  window.location.reload();
}

/**
 * A full-screen spinner. With `reload`, a Reload button appears after 30 s that clears the local data
 * and reloads. It can show before the translations load, so its words come from `i18n.t` when they
 * are needed (30 s later), with English if they are still missing. With `autoReload` (set only by
 * the auth guard while the guest-mode setting is unknown, SPEC §4) it reloads after 5 s, once per
 * stalled start (`./auto-reload.ts`).
 */
export function LoadingScreen({
  reload = false,
  autoReload = false,
}: {
  reload?: boolean;
  autoReload?: boolean;
}) {
  const [slow, setSlow] = useState(false);
  useEffect(() => (autoReload ? scheduleAutoReload() : undefined), [autoReload]);
  useEffect(() => {
    if (!reload) return undefined;
    const timer = setTimeout(() => setSlow(true), RELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [reload]);
  return (
    <div className="loading-screen" data-testid="loading-screen">
      <Spinner size={28} label="Loading" />
      {slow ? (
        <div className="loading-screen__slow" role="alert">
          <p>{i18n.t('platform:loading.slow', { defaultValue: 'This is taking longer than usual.' })}</p>
          <Button onClick={clearAndReload} data-testid="loading-reload">
            {i18n.t('platform:loading.reload', { defaultValue: 'Reload' })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
