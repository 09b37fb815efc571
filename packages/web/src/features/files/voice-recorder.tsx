import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConvKey } from '../../lib/store';
import { CloseIcon, IconButton, SendIcon } from '../../ui';
import { formatDuration } from './duration';
import { startUploads } from './uploads';
import { withDuration } from './webm-duration';
import './voice.css';

/** Recordings stop and go by themselves at this length. */
const MAX_SECONDS = 300;
/** The waveform keeps this many bars, one every ~60 ms. */
const BARS = 64;
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'];

type Phase = 'starting' | 'recording' | 'sending' | 'failed';

function extensionOf(type: string): string {
  if (type.startsWith('audio/ogg')) return 'ogg';
  if (type.startsWith('audio/mp4')) return 'm4a';
  return 'webm';
}

/** The recorded file; a WebM gets its duration written in, so players can show it and seek. */
async function recording(chunks: Blob[], type: string, seconds: number): Promise<File> {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const name = `voice-${stamp}.${extensionOf(type)}`;
  const blob = new Blob(chunks, { type });
  if (type !== 'audio/webm') return new File([blob], name, { type });
  const bytes = withDuration(new Uint8Array(await blob.arrayBuffer()), seconds);
  return new File([bytes as Uint8Array<ArrayBuffer>], name, { type });
}

/** The level of one analyser frame, 0..1 (RMS of the time-domain samples, boosted for speech). */
function level(analyser: AnalyserNode, samples: Uint8Array<ArrayBuffer>): number {
  analyser.getByteTimeDomainData(samples);
  let sum = 0;
  for (const s of samples) sum += ((s - 128) / 128) ** 2;
  return Math.min(1, Math.sqrt(sum / samples.length) * 3);
}

function draw(canvas: HTMLCanvasElement, levels: readonly number[]): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth * ratio;
  const height = canvas.clientHeight * ratio;
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  context.clearRect(0, 0, width, height);
  context.fillStyle = getComputedStyle(canvas).color;
  const step = width / BARS;
  levels.forEach((value, i) => {
    const bar = Math.max(2 * ratio, value * height);
    context.fillRect(i * step + step * 0.2, (height - bar) / 2, step * 0.6, bar);
  });
}

/**
 * Records a voice message from the microphone (MediaRecorder) with a live waveform and duration;
 * Send uploads it through the normal file upload and sends it as `vocechat/audio` with its
 * duration (API.md §6.1); Cancel or Escape throws it away.
 */
export default function VoiceRecorder({ conv, onDone }: { conv: ConvKey; onDone: () => void }) {
  const { t } = useTranslation('media');
  const [phase, setPhase] = useState<Phase>('starting');
  const [error, setError] = useState('');
  const [seconds, setSeconds] = useState(0);
  const canvas = useRef<HTMLCanvasElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const finish = useRef<(send: boolean) => void>(() => onDone());

  useEffect(() => {
    let stopped = false;
    let frame = 0;
    let stream: MediaStream | null = null;
    let audio: AudioContext | null = null;
    let recorder: MediaRecorder | null = null;
    const release = () => {
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
      void audio?.close().catch(() => undefined);
    };
    (async () => {
      if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
        throw new Error('unsupported');
      }
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      if (stopped) return release();
      const mimeType = TYPES.find((type) => MediaRecorder.isTypeSupported(type));
      const rec = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      recorder = rec;
      const chunks: Blob[] = [];
      rec.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      audio = new AudioContext();
      const analyser = audio.createAnalyser();
      analyser.fftSize = 1024;
      audio.createMediaStreamSource(stream).connect(analyser);
      const samples = new Uint8Array(analyser.fftSize);
      const levels: number[] = [];
      const started = performance.now();
      let lastBar = 0;
      const tick = (now: number) => {
        const elapsed = (now - started) / 1000;
        if (now - lastBar > 60) {
          lastBar = now;
          levels.push(level(analyser, samples));
          if (levels.length > BARS) levels.shift();
          if (canvas.current) draw(canvas.current, levels);
          setSeconds(Math.floor(elapsed));
        }
        if (elapsed >= MAX_SECONDS) return finish.current(true);
        frame = requestAnimationFrame(tick);
      };
      finish.current = (send) => {
        if (stopped) return;
        stopped = true;
        const duration = Math.round((performance.now() - started) / 100) / 10;
        if (!send) {
          rec.onstop = null;
          rec.stop();
          release();
          return onDone();
        }
        setPhase('sending');
        rec.onstop = () => {
          release();
          const type = (rec.mimeType || chunks[0]?.type || 'audio/webm').split(';')[0]!;
          void recording(chunks, type, duration).then((file) => {
            if (file.size > 0) startUploads(conv, [file], { duration });
            onDone();
          });
        };
        rec.stop();
      };
      rec.start(250);
      setPhase('recording');
      frame = requestAnimationFrame(tick);
    })().catch((cause: unknown) => {
      release();
      if (stopped) return;
      stopped = true;
      setError(
        cause instanceof Error && cause.message === 'unsupported'
          ? t('voice.unsupported')
          : t('voice.denied'),
      );
      setPhase('failed');
      finish.current = () => onDone();
    });
    return () => {
      stopped = true;
      if (recorder && recorder.state !== 'inactive') {
        recorder.onstop = null;
        recorder.stop();
      }
      release();
    };
    // The recorder runs once per mount; `conv` and `onDone` are fixed for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Focus stays in the recorder: Cancel first, Send once it records (the record button is disabled).
  useEffect(() => {
    const target = phase === 'recording' ? 'voice-send' : 'voice-cancel';
    root.current?.querySelector<HTMLButtonElement>(`[data-testid="${target}"]`)?.focus();
  }, [phase]);

  return (
    <div
      ref={root}
      className="voice-rec"
      role="group"
      aria-label={t('voice.recording')}
      data-testid="voice-recorder"
      data-phase={phase}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish.current(false);
        }
      }}
    >
      <IconButton label={t('voice.cancel')} onClick={() => finish.current(false)} data-testid="voice-cancel">
        <CloseIcon />
      </IconButton>
      {phase === 'failed' ? (
        <p className="voice-rec__error" role="alert">
          {error}
        </p>
      ) : (
        <>
          <span className="voice-rec__dot" aria-hidden="true" />
          <canvas ref={canvas} className="voice-rec__wave" aria-hidden="true" data-testid="voice-waveform" />
          <span className="voice-rec__time" data-testid="voice-duration">
            {formatDuration(seconds)}
          </span>
          <span className="visually-hidden" role="status">
            {phase === 'recording' ? t('voice.recording') : ''}
          </span>
          <IconButton
            className="composer__send"
            label={t('voice.send')}
            onClick={() => finish.current(true)}
            disabled={phase !== 'recording'}
            data-testid="voice-send"
          >
            <SendIcon />
          </IconButton>
        </>
      )}
    </div>
  );
}
