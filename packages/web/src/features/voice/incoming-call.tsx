import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { declineCall } from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import { onVoiceEvent } from '../../lib/voice';
import { setActiveCall } from './active-call';
import { startTone } from './ring-tone';
import './calls.css';

const RingDialog = lazy(() => import('./ring-dialog'));

interface Ring {
  caller: number;
  room: string;
  video: boolean;
}

/**
 * The callee's ringing screen, on every signed-in page: accept opens the DM with the call, decline
 * tells the caller. It closes by itself when the ring ends elsewhere (the caller hung up, no
 * answer, or another of the callee's devices answered).
 */
export function IncomingCall() {
  const { t } = useTranslation('voice');
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? 0);
  const [ring, setRing] = useState<Ring | null>(null);
  const navigate = useNavigate();

  useEffect(
    () =>
      onVoiceEvent((event) => {
        if (event.type !== 'voice_call') return;
        if (event.state === 'ringing' && event.callee === selfUid && event.caller !== selfUid) {
          setRing({ caller: event.caller, room: event.room, video: true });
        } else if (event.state !== 'ringing') {
          setRing((current) => (current?.room === event.room ? null : current));
        }
      }),
    [selfUid],
  );

  // Rings until accepted, declined, or the ring ends elsewhere (cancelled, unanswered, answered).
  const ringing = ring !== null;
  useEffect(() => (ringing ? startTone('ring') : undefined), [ringing]);

  if (!ring) return null;
  const accept = () => {
    setRing(null);
    setActiveCall({
      target: { kind: 'dm', uid: ring.caller, role: 'callee', video: ring.video },
      immediate: true,
    });
    void navigate(`/chat/dm/${ring.caller}`);
  };
  const decline = () => {
    setRing(null);
    void declineCall({ uid: ring.caller }).catch(() => undefined);
  };
  return (
    <Suspense fallback={null}>
      <RingDialog caller={ring.caller} onAccept={accept} onDecline={decline} closeLabel={t('call.decline')} />
    </Suspense>
  );
}
