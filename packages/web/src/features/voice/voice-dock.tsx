import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { HeadsetIcon } from '../../ui';
import { setActiveCall, targetKey, useActiveCall } from './active-call';
import { PhoneIcon } from './phone-icon';

const VoiceRoom = lazy(() => import('./voice-room'));

/** The channel header's voice button: opens the device test, or shows that the call is on. */
export function VoiceButton({ gid }: { gid: number }) {
  const { t } = useTranslation('voice');
  const current = useActiveCall();
  const inThis = current !== null && targetKey(current.target) === `group:${gid}`;
  return (
    <button
      type="button"
      className="members-toggle voice-open"
      aria-pressed={inThis}
      disabled={inThis}
      onClick={() => setActiveCall({ target: { kind: 'group', gid }, immediate: false })}
      title={inThis ? t('in_call') : t('open')}
      data-testid="voice-open"
    >
      <HeadsetIcon size={18} />
      <span className="voice-open__label">{inThis ? t('in_call') : t('open')}</span>
    </button>
  );
}

/** The DM header's call button: rings the other side at once (camera on, it can be turned off). */
export function CallButton({ uid }: { uid: number }) {
  const { t } = useTranslation('voice');
  const current = useActiveCall();
  const inThis = current !== null && targetKey(current.target) === `dm:${uid}`;
  const label = inThis ? t('in_call') : t('call.start');
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={label}
      title={label}
      aria-pressed={inThis}
      disabled={inThis}
      onClick={() =>
        setActiveCall({ target: { kind: 'dm', uid, role: 'caller', video: true }, immediate: true })
      }
      data-testid="call-start"
    >
      <PhoneIcon size={18} />
    </button>
  );
}

/** Where the call of this conversation shows, above its messages; loads the WebRTC code on first use. */
export function VoiceDock(props: { gid: number } | { uid: number }) {
  const current = useActiveCall();
  const key = 'gid' in props ? `group:${props.gid}` : `dm:${props.uid}`;
  if (!current || targetKey(current.target) !== key) return null;
  return (
    <Suspense fallback={null}>
      <VoiceRoom
        key={key}
        target={current.target}
        immediate={current.immediate}
        onLeave={() => setActiveCall(null)}
      />
    </Suspense>
  );
}
