import type { VoiceMember } from '@parley/protocol';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserName } from '../users';
import { SPEAKING_LEVEL, useAudioLevel } from './audio-level';
import type { Link } from './link-quality';

/**
 * One member of the call: video (or their name), speaking ring, muted/deafened marks, pin, and for
 * others the link to them (bars; "Connecting…" / "Reconnecting…" spelled out in the label).
 */
export function VoiceTile({
  member,
  self,
  stream,
  link,
  deafened,
  sinkId,
  pinned,
  onPin,
}: {
  member: VoiceMember;
  self: boolean;
  stream: MediaStream | null;
  link?: Link | undefined;
  deafened: boolean;
  sinkId: string;
  pinned: boolean;
  onPin: () => void;
}) {
  const { t } = useTranslation('voice');
  const name = useUserName(member.uid);
  const video = useRef<HTMLVideoElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const level = useAudioLevel(stream, !member.muted);
  const speaking = !member.muted && level > SPEAKING_LEVEL;

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
    if (audio.current) audio.current.srcObject = self ? null : stream;
  }, [stream, self, member.video, member.screen]);

  useEffect(() => {
    const el = audio.current as (HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    if (el?.setSinkId && sinkId) void el.setSinkId(sinkId).catch(() => undefined);
  }, [sinkId]);

  const showVideo = member.video || member.screen;
  return (
    <li
      className={`voice-tile${speaking ? ' voice-tile--speaking' : ''}${pinned ? ' voice-tile--pinned' : ''}`}
      data-testid="voice-tile"
      data-uid={member.uid}
      data-speaking={speaking}
    >
      {showVideo ? (
        <video ref={video} autoPlay playsInline muted aria-label={t('video_of', { name })} />
      ) : null}
      {!showVideo ? <span className="voice-tile__name-large">{name}</span> : null}
      {self ? null : <audio ref={audio} autoPlay muted={deafened} />}
      {link ? (
        <span
          className={`voice-tile__link voice-tile__link--${link}`}
          role="img"
          aria-label={t(`link.${link}`)}
          title={t(`link.${link}`)}
          data-testid="voice-link"
          data-link={link}
        >
          <i />
          <i />
          <i />
        </span>
      ) : null}
      <span className="voice-tile__label">
        {name}
        {self ? ` ${t('you')}` : ''}
        {member.deafened ? ` · ${t('deafened')}` : member.muted ? ` · ${t('muted')}` : ''}
        {member.screen ? ` · ${t('sharing')}` : ''}
        {link === 'connecting' || link === 'reconnecting' ? ` · ${t(`link.${link}`)}` : ''}
      </span>
      <button
        type="button"
        className="voice-tile__pin"
        aria-pressed={pinned}
        onClick={onPin}
        data-testid="voice-pin"
      >
        {pinned ? t('unpin') : t('pin')}
      </button>
    </li>
  );
}
