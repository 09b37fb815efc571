import { useEffect, useState } from 'react';

let context: AudioContext | null = null;

/** The loudness (0–1) of a stream's audio, sampled a few times a second with WebAudio. */
export function useAudioLevel(stream: MediaStream | null, enabled = true): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream || !enabled || stream.getAudioTracks().length === 0) return;
    context ??= new AudioContext();
    void context.resume().catch(() => undefined);
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += s * s;
      setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
    }, 150);
    return () => {
      clearInterval(timer);
      source.disconnect();
    };
  }, [stream, enabled]);
  return stream && enabled ? level : 0;
}

/** Above this level a member shows as speaking. */
export const SPEAKING_LEVEL = 0.04;
