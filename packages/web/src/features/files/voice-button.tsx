import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConvKey } from '../../lib/store';
import { IconButton, Svg, type IconProps } from '../../ui';

const VoiceRecorder = lazy(() => import('./voice-recorder'));

const MicIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
  </Svg>
);

/**
 * The composer's record button (issue 11): the recorder (microphone, waveform, duration, cancel and
 * send) loads on the first press and covers the composer while it records.
 */
export function VoiceButton({ conv, disabled }: { conv: ConvKey; disabled?: boolean }) {
  const { t } = useTranslation('media');
  const [recording, setRecording] = useState(false);
  const wrap = useRef<HTMLSpanElement>(null);
  return (
    <span ref={wrap} className="voice-button">
      <IconButton
        label={t('voice.record')}
        onClick={() => setRecording(true)}
        disabled={disabled || recording}
        data-testid="voice-record"
      >
        <MicIcon />
      </IconButton>
      {recording ? (
        <Suspense fallback={null}>
          <VoiceRecorder
            conv={conv}
            onDone={() => {
              setRecording(false);
              requestAnimationFrame(() => wrap.current?.querySelector('button')?.focus());
            }}
          />
        </Suspense>
      ) : null}
    </span>
  );
}
