/**
 * Call tones made with Web Audio (no sound file): `ring` for an incoming call (two-tone bursts),
 * `ringback` for the caller while it rings (a 440+480 Hz tone, 2 s on, 4 s off). They play
 * whatever the "message sound" switch says: that switch is about message chimes, and a call that
 * rings silently is easy to miss (docs/voice.md). The tone playing is on `<html data-call-tone>`.
 */
export type CallTone = 'ring' | 'ringback';

const PATTERN: Record<CallTone, { freqs: number[]; on: number; period: number; gain: number }> = {
  ring: { freqs: [660, 880], on: 1.2, period: 3, gain: 0.12 },
  ringback: { freqs: [440, 480], on: 2, period: 6, gain: 0.06 },
};

let audio: AudioContext | undefined;

/** Starts a tone, repeating until the returned function is called. */
export function startTone(kind: CallTone): () => void {
  const root = document.documentElement;
  root.dataset.callTone = kind;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const nodes: OscillatorNode[] = [];
  const { freqs, on, period, gain: level } = PATTERN[kind];
  const burst = () => {
    if (stopped) return;
    try {
      audio ??= new AudioContext();
      const start = audio.currentTime;
      const gain = audio.createGain();
      gain.connect(audio.destination);
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(level, start + 0.03);
      gain.gain.setValueAtTime(level, start + on - 0.05);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + on);
      for (const frequency of freqs) {
        const tone = audio.createOscillator();
        tone.frequency.value = frequency;
        tone.connect(gain);
        tone.start(start);
        tone.stop(start + on);
        nodes.push(tone);
        tone.onended = () => nodes.splice(nodes.indexOf(tone), 1);
      }
    } catch {
      /* no audio here (or not allowed before the first interaction): the state still shows */
    }
    timer = setTimeout(burst, period * 1000);
  };
  burst();
  return () => {
    stopped = true;
    clearTimeout(timer);
    for (const tone of nodes.splice(0)) {
      try {
        tone.stop();
      } catch {
        /* already stopped */
      }
    }
    if (root.dataset.callTone === kind) delete root.dataset.callTone;
  };
}
