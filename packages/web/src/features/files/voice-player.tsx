import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton, Svg, type IconProps } from '../../ui';
import { formatDuration } from './duration';
import './voice.css';

const PlayIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
  </Svg>
);
const PauseIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M8 5v14M16 5v14" strokeWidth={3} />
  </Svg>
);

/**
 * A voice message's player: play/pause, a seek slider (arrow keys move it) and the time. A browser's
 * own WebM recording carries no duration (Chromium reports Infinity), so the sender's `duration`
 * shows first and the element is asked for the real one by seeking past the end once.
 */
export default function VoicePlayer({ src, duration: hint }: { src: string; duration?: number }) {
  const { t } = useTranslation('media');
  const audio = useRef<HTMLAudioElement>(null);
  const probing = useRef(false);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(hint ?? 0);
  const [failed, setFailed] = useState(false);

  /** Once the metadata is in: a recording without a duration is sought to its end to learn it. */
  const loaded = () => {
    const element = audio.current;
    if (!element) return;
    if (element.duration === Infinity) {
      probing.current = true;
      element.currentTime = 1e7;
    } else learn();
  };
  const learn = () => {
    const element = audio.current;
    if (!element || !Number.isFinite(element.duration) || element.duration <= 0) return;
    setDuration(element.duration);
    if (probing.current) {
      probing.current = false;
      element.currentTime = 0;
    }
  };
  /** A seek to the end that taught nothing: back to the start, the sender's duration stays. */
  const sought = () => {
    const element = audio.current;
    if (!element || !probing.current || Number.isFinite(element.duration)) return;
    probing.current = false;
    element.currentTime = 0;
  };
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setFailed(true));
    else element.pause();
  };
  const shown = playing || time > 0 ? time : duration;
  return (
    <div className="voice-player" data-testid="voice-player" data-playing={playing || undefined}>
      <IconButton
        className="voice-player__play"
        label={playing ? t('voice.pause') : t('voice.play')}
        onClick={toggle}
        disabled={failed}
        data-testid="voice-play"
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </IconButton>
      <input
        type="range"
        className="voice-player__seek"
        min={0}
        max={duration || 1}
        step={0.1}
        value={Math.min(time, duration || 1)}
        disabled={failed || duration === 0}
        aria-label={t('voice.seek')}
        aria-valuetext={`${formatDuration(time)} / ${formatDuration(duration)}`}
        onChange={(event) => {
          const next = Number(event.target.value);
          if (audio.current) audio.current.currentTime = next;
          setTime(next);
        }}
        data-testid="voice-seek"
      />
      <span className="voice-player__time" data-testid="voice-time">
        {failed ? t('voice.unavailable') : formatDuration(shown)}
      </span>
      <audio
        ref={audio}
        preload="metadata"
        src={src}
        onLoadedMetadata={loaded}
        onDurationChange={learn}
        onSeeked={sought}
        onTimeUpdate={(event) => {
          if (!probing.current) setTime(event.currentTarget.currentTime);
        }}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setTime(0);
        }}
        onError={() => setFailed(true)}
        data-testid="voice-audio"
      />
    </div>
  );
}
