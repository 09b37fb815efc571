import type { VoiceMediaState, VoiceMember } from '@parley/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, getVoiceIce, sendVoiceSignal, setVoiceState } from '../../lib/api';
import { useAppSelector } from '../../lib/store';
import { toast } from '../../lib/toast';
import { onVoiceEvent } from '../../lib/voice';
import { Button } from '../../ui';
import type { CallTarget } from './active-call';
import { CallBusy, CallOver, connect, disconnect } from './connect';
import { DeviceTest, type DeviceChoice } from './devices';
import { RingingBar } from './ringing-bar';
import { startTone } from './ring-tone';
import { useLinks } from './link-quality';
import { Mesh } from './mesh';
import { Sfu } from './sfu';
import { VoiceTile } from './voice-tile';
import './voice.css';

/** The server forgets a member whose client is silent for a minute (docs/voice.md). */
const KEEPALIVE_MS = 20_000;
/** How long a DM call waits for the other side to come back (a reload) before it ends. */
const REJOIN_WAIT_MS = 30_000;
const QUIET: VoiceMediaState = { muted: false, deafened: false, video: false, screen: false };

/**
 * A channel's voice room or a DM call: the device test (channels), then the call (lazy-loaded with
 * the WebRTC code). A DM call ends when the other side declines, does not answer, or hangs up.
 */
export default function VoiceRoom({
  target,
  immediate,
  onLeave,
}: {
  target: CallTarget;
  immediate: boolean;
  onLeave: () => void;
}) {
  const { t } = useTranslation('voice');
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? 0);
  const [choice, setChoice] = useState<DeviceChoice>({
    audioIn: '',
    videoIn: '',
    audioOut: '',
    camera: target.kind === 'group' || target.video,
  });
  const [phase, setPhase] = useState<'test' | 'joining' | 'in'>(immediate ? 'joining' : 'test');
  const [ringing, setRinging] = useState(false);
  /** A DM call had both sides in it: when one is left alone, it waits for the other to rejoin. */
  const paired = useRef(false);
  const [waiting, setWaiting] = useState(false);
  const [members, setMembers] = useState<VoiceMember[]>([]);
  const [state, setState] = useState<VoiceMediaState>(QUIET);
  const [pinned, setPinned] = useState<number | null>(null);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [remote, setRemote] = useState<ReadonlyMap<number, MediaStream>>(new Map());
  const local = useRef<MediaStream | null>(null);
  const screen = useRef<MediaStream | null>(null);
  const mesh = useRef<Mesh | null>(null);
  /** A room on the SFU sends through it instead of the mesh (docs/voice.md "SFU"). */
  const sfu = useRef<Sfu | null>(null);
  const room = useRef<string | null>(null);
  /** The media state as last applied, for callbacks made before the next render. */
  const current = useRef<VoiceMediaState>(QUIET);
  const rejoining = useRef(false);
  const recheck = useRef(false);

  const connections = useCallback(
    (): [number, RTCPeerConnection][] => mesh.current?.connections() ?? sfu.current?.connections() ?? [],
    [],
  );
  const links = useLinks(phase === 'in' ? connections : null);

  const stopAll = useCallback(() => {
    mesh.current?.close();
    mesh.current = null;
    sfu.current?.close();
    sfu.current = null;
    for (const s of [local.current, screen.current]) s?.getTracks().forEach((track) => track.stop());
    local.current = null;
    screen.current = null;
    room.current = null;
    setLocalStream(null);
    setRemote(new Map());
  }, []);

  const leave = useCallback(() => {
    stopAll();
    void disconnect(target).catch(() => undefined);
    onLeave();
  }, [onLeave, stopAll, target]);

  /** The call ended elsewhere (declined, unanswered, hung up): nothing to tell the server. */
  const ended = useCallback(
    (message: string) => {
      stopAll();
      toast.success(message);
      onLeave();
    },
    [onLeave, stopAll],
  );

  /** What is sent for `s`: the microphone unless muted; the screen, the camera or nothing. */
  const sentTracks = (s: VoiceMediaState): [MediaStreamTrack | null, MediaStreamTrack | null] => {
    const audio = local.current?.getAudioTracks()[0] ?? null;
    const camera = local.current?.getVideoTracks()[0] ?? null;
    const shared = screen.current?.getVideoTracks()[0] ?? null;
    return [s.muted ? null : audio, s.screen ? shared : s.video ? camera : null];
  };

  /** Enters the room as `as` with the media already open, and builds the mesh or SFU connections. */
  const enter = useCallback(
    async (as: CallTarget, initial: VoiceMediaState) => {
      const ice = await getVoiceIce();
      const m: Mesh = new Mesh({
        self: selfUid,
        iceServers: ice.ice_servers,
        prefixes: ice.ice_address_prefixes,
        send: (to, signal) => void sendVoiceSignal({ to, signal }).catch(() => undefined),
        onChange: () => setRemote(new Map(m.remoteStreams())),
      });
      mesh.current = m;
      m.setTracks(...sentTracks(initial));
      const joined = await connect(as, { uid: selfUid, ...initial }, initial);
      room.current = joined.room;
      setMembers(joined.members);
      setRinging(joined.ringing);
      setPhase('in');
      if (joined.sfu) {
        m.close();
        mesh.current = null;
        const s: Sfu = new Sfu({
          iceServers: ice.ice_servers,
          prefixes: ice.ice_address_prefixes,
          self: selfUid,
          onChange: () => setRemote(new Map(s.remoteStreams())),
        });
        sfu.current = s;
        s.setTracks(...sentTracks(initial));
        // Without a way to send (the SFU unreachable), leave the room the server put us in.
        await s.publish().catch((err: unknown) => {
          void disconnect(as).catch(() => undefined);
          throw err;
        });
        for (const uid of joined.sfu.feeds) void s.feed(uid, 'up').catch(() => undefined);
        return;
      }
      for (const member of joined.members) if (member.uid !== selfUid) void m.call(member.uid);
    },
    [selfUid],
  );

  const failed = useCallback(
    (err: unknown) => {
      stopAll();
      if (err instanceof CallBusy) toast.error(t('call.busy'));
      else if (err instanceof CallOver) toast.success(t('call.ended'));
      else if (!(err instanceof ApiError)) toast.error(t('join_failed'));
      onLeave();
    },
    [onLeave, stopAll, t],
  );

  const join = useCallback(async () => {
    setPhase('joining');
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        audio: choice.audioIn ? { deviceId: { exact: choice.audioIn } } : true,
        video: choice.camera ? (choice.videoIn ? { deviceId: { exact: choice.videoIn } } : true) : false,
      });
      local.current = media;
      setLocalStream(media);
      const initial = { ...QUIET, video: media.getVideoTracks().length > 0 };
      current.current = initial;
      setState(initial);
      await enter(target, initial);
    } catch (err) {
      failed(err);
    }
  }, [choice, target, enter, failed]);

  /**
   * The server ends a call with its device's last event stream (docs/voice.md "Reload"), so a
   * stream that dropped (a network change, offline for a moment) can leave this tab in a call the
   * server no longer has it in. Once the stream is back, the tab asks; if it is out, it enters
   * again with the same media and state, as a reload would, and the others take its new offers in
   * place of the old connections.
   */
  const rejoin = useCallback(async () => {
    // A drop while a rejoin runs asks again once it is done: the server may have taken us out again.
    recheck.current = true;
    if (rejoining.current || !local.current) return;
    rejoining.current = true;
    try {
      while (recheck.current) {
        recheck.current = false;
        try {
          await setVoiceState(current.current);
        } catch (err) {
          if (!(err instanceof ApiError && err.status === 404)) continue;
          mesh.current?.close();
          mesh.current = null;
          sfu.current?.close();
          sfu.current = null;
          setRemote(new Map());
          await enter(target.kind === 'dm' ? { ...target, role: 'rejoin' } : target, current.current).catch(
            failed,
          );
        }
      }
    } finally {
      rejoining.current = false;
    }
  }, [enter, failed, target]);

  const streamStatus = useAppSelector((s) => s.stream.status);
  const dropped = useRef(false);
  useEffect(() => {
    if (phase !== 'in') return;
    if (streamStatus !== 'connected') dropped.current = true;
    else if (dropped.current) {
      dropped.current = false;
      void rejoin();
    }
  }, [phase, streamStatus, rejoin]);

  useEffect(() => {
    if (!immediate) return;
    // Only on mount: a reload rejoins at once.
    const timer = setTimeout(() => void join(), 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(
    () =>
      onVoiceEvent((event) => {
        if (event.type === 'voice_signal' && event.room === room.current) {
          void mesh.current?.handle(event.from, event.signal).catch(() => undefined);
        } else if (event.type === 'voice_sfu_feed' && event.room === room.current) {
          void sfu.current?.feed(event.uid, event.state).catch(() => undefined);
        } else if (event.type === 'voice_room_changed' && event.room === room.current) {
          setMembers(event.members);
          mesh.current?.keepOnly(event.members.map((m) => m.uid));
          sfu.current?.keepOnly(event.members.map((m) => m.uid));
          if (target.kind !== 'dm') return;
          if (event.members.length > 1) {
            paired.current = true;
            setWaiting(false);
          } else if (paired.current) setWaiting(true);
        } else if (event.type === 'voice_call' && event.room === room.current) {
          if (event.state === 'accepted') setRinging(false);
          else if (event.state === 'declined') ended(t('call.declined'));
          else if (event.state === 'missed') ended(t('call.no_answer'));
          else if (event.state === 'ended' && event.caller !== selfUid) ended(t('call.ended'));
        } else if (event.type === 'voice_ended' && event.room === room.current) {
          stopAll();
          toast.success(t('ended_other_device'));
          onLeave();
        }
      }),
    [ended, onLeave, selfUid, stopAll, t, target.kind],
  );

  // The other side of a DM call dropped out without hanging up (a reload): wait for its rejoin.
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      stopAll();
      void disconnect(target).catch(() => undefined);
      ended(t('call.ended'));
    }, REJOIN_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting, ended, stopAll, target, t]);

  // The caller hears a ringback tone while the call rings.
  useEffect(() => (ringing && phase === 'in' ? startTone('ringback') : undefined), [ringing, phase]);

  useEffect(() => () => stopAll(), [stopAll]);

  useEffect(() => {
    if (phase !== 'in') return;
    const timer = setInterval(() => void setVoiceState(state).catch(() => undefined), KEEPALIVE_MS);
    return () => clearInterval(timer);
  }, [phase, state]);

  const apply = (next: VoiceMediaState) => {
    const normal = { ...next, muted: next.muted || next.deafened };
    current.current = normal;
    setState(normal);
    mesh.current?.setTracks(...sentTracks(normal));
    sfu.current?.setTracks(...sentTracks(normal));
    void setVoiceState(normal).catch(() => undefined);
  };

  const toggleScreen = async () => {
    if (state.screen) {
      screen.current?.getTracks().forEach((track) => track.stop());
      screen.current = null;
      return apply({ ...state, screen: false });
    }
    try {
      screen.current = await navigator.mediaDevices.getDisplayMedia({ video: true });
      // Stopped from the browser's own "Stop sharing": the camera (if on) is sent again, and the
      // others are told at once rather than at the next keep-alive.
      screen.current.getVideoTracks()[0]?.addEventListener('ended', () => {
        screen.current = null;
        apply({ ...current.current, screen: false });
      });
      apply({ ...state, screen: true });
    } catch {
      // The user closed the picker.
    }
  };

  if (phase === 'test') {
    return <DeviceTest choice={choice} onChange={setChoice} onJoin={() => void join()} onCancel={onLeave} />;
  }
  if (phase === 'joining') return <p className="voice-room__status">{t('joining')}</p>;

  const ordered = [...members].sort((a, b) => Number(b.uid === pinned) - Number(a.uid === pinned));
  return (
    <section className="voice-room" aria-label={t('room_label')} data-testid="voice-room">
      {ringing && target.kind === 'dm' ? <RingingBar uid={target.uid} /> : null}
      {waiting && !ringing ? (
        <p className="voice-room__ringing" role="status" data-testid="call-waiting">
          {t('call.waiting')}
        </p>
      ) : null}
      <ul className={`voice-room__tiles${pinned !== null ? ' voice-room__tiles--pinned' : ''}`}>
        {ordered.map((member) => (
          <VoiceTile
            key={member.uid}
            member={member.uid === selfUid ? { ...member, ...state } : member}
            self={member.uid === selfUid}
            stream={member.uid === selfUid ? localStream : (remote.get(member.uid) ?? null)}
            link={member.uid === selfUid ? undefined : (links.get(member.uid) ?? 'connecting')}
            deafened={state.deafened}
            sinkId={choice.audioOut}
            pinned={pinned === member.uid}
            onPin={() => setPinned((p) => (p === member.uid ? null : member.uid))}
          />
        ))}
      </ul>
      <div className="voice-room__controls" role="toolbar" aria-label={t('controls')}>
        <Button
          variant={state.muted ? 'danger' : 'ghost'}
          aria-pressed={state.muted}
          // Un-muting also clears deafen (SPEC §4).
          onClick={() =>
            apply(state.muted ? { ...state, muted: false, deafened: false } : { ...state, muted: true })
          }
          data-testid="voice-mute"
        >
          {state.muted ? t('unmute') : t('mute')}
        </Button>
        <Button
          variant={state.deafened ? 'danger' : 'ghost'}
          aria-pressed={state.deafened}
          onClick={() => apply({ ...state, deafened: !state.deafened })}
          data-testid="voice-deafen"
        >
          {state.deafened ? t('undeafen') : t('deafen')}
        </Button>
        <Button
          variant="ghost"
          aria-pressed={state.video}
          disabled={!localStream?.getVideoTracks().length}
          onClick={() => apply({ ...state, video: !state.video })}
          data-testid="voice-camera"
        >
          {state.video ? t('camera_off') : t('camera_on')}
        </Button>
        <Button
          variant="ghost"
          aria-pressed={state.screen}
          onClick={() => void toggleScreen()}
          data-testid="voice-screen"
        >
          {state.screen ? t('screen_stop') : t('screen_share')}
        </Button>
        <Button variant="danger" onClick={leave} data-testid="voice-leave">
          {target.kind === 'dm' ? t('call.hang_up') : t('leave')}
        </Button>
      </div>
    </section>
  );
}
