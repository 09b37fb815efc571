import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { HeadsetIcon } from '../../ui';

const VoiceRoom = lazy(() => import('./voice-room'));

/** The channel whose call this tab is in; kept in sessionStorage so that a reload rejoins. */
const KEY = 'parley.voice.gid';
let active: { gid: number; rejoin: boolean } | null = readStored();
const listeners = new Set<() => void>();

function readStored() {
  const gid = Number(sessionStorage.getItem(KEY));
  return Number.isInteger(gid) && gid > 0 ? { gid, rejoin: true } : null;
}

function setActive(next: { gid: number; rejoin: boolean } | null) {
  active = next;
  if (next) sessionStorage.setItem(KEY, String(next.gid));
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

const useActive = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => active,
  );

/** The channel header's voice button: opens the device test, or shows that the call is on. */
export function VoiceButton({ gid }: { gid: number }) {
  const { t } = useTranslation('voice');
  const current = useActive();
  const inThis = current?.gid === gid;
  return (
    <button
      type="button"
      className="members-toggle voice-open"
      aria-pressed={inThis}
      disabled={inThis}
      onClick={() => setActive({ gid, rejoin: false })}
      title={inThis ? t('in_call') : t('open')}
      data-testid="voice-open"
    >
      <HeadsetIcon size={18} />
      <span className="voice-open__label">{inThis ? t('in_call') : t('open')}</span>
    </button>
  );
}

/** Where the call of this channel shows, above its messages; loads the WebRTC code on first use. */
export function VoiceDock({ gid }: { gid: number }) {
  const current = useActive();
  if (current?.gid !== gid) return null;
  return (
    <Suspense fallback={null}>
      <VoiceRoom gid={gid} rejoin={current.rejoin} onLeave={() => setActive(null)} />
    </Suspense>
  );
}
