import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui';
import { useAudioLevel } from './audio-level';

export interface DeviceChoice {
  audioIn: string;
  videoIn: string;
  audioOut: string;
  /** Join with the camera on. */
  camera: boolean;
}

/** Before joining: pick the microphone, camera and speaker, and see and hear that they work. */
export function DeviceTest({
  choice,
  onChange,
  onJoin,
  onCancel,
}: {
  choice: DeviceChoice;
  onChange: (choice: DeviceChoice) => void;
  onJoin: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('voice');
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const level = useAudioLevel(stream);

  useEffect(() => {
    let active = true;
    let opened: MediaStream | null = null;
    navigator.mediaDevices
      .getUserMedia({
        audio: choice.audioIn ? { deviceId: { exact: choice.audioIn } } : true,
        video: choice.camera ? (choice.videoIn ? { deviceId: { exact: choice.videoIn } } : true) : false,
      })
      .then(async (media) => {
        opened = media;
        if (!active) return media.getTracks().forEach((track) => track.stop());
        setFailed(false);
        setStream(media);
        setDevices(await navigator.mediaDevices.enumerateDevices());
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
      opened?.getTracks().forEach((track) => track.stop());
    };
  }, [choice.audioIn, choice.videoIn, choice.camera]);

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);

  const select = (kind: MediaDeviceKind, key: 'audioIn' | 'videoIn' | 'audioOut', label: string) => (
    <label className="voice-devices__field">
      <span>{label}</span>
      <select
        value={choice[key]}
        onChange={(event) => onChange({ ...choice, [key]: event.target.value })}
        data-testid={`voice-device-${key}`}
      >
        <option value="">{t('devices.default')}</option>
        {devices
          .filter((d) => d.kind === kind && d.deviceId !== 'default' && d.deviceId !== '')
          .map((d, i) => (
            <option key={d.deviceId} value={d.deviceId}>
              {d.label || t('devices.unnamed', { n: i + 1 })}
            </option>
          ))}
      </select>
    </label>
  );

  return (
    <div className="voice-devices" data-testid="voice-device-test">
      <h2 className="voice-devices__title">{t('devices.title')}</h2>
      {failed ? <p role="alert">{t('devices.failed')}</p> : null}
      <div className="voice-devices__preview">
        {choice.camera ? (
          <video ref={video} autoPlay muted playsInline aria-label={t('devices.preview')} />
        ) : null}
        <div
          className="voice-devices__meter"
          role="meter"
          aria-label={t('devices.level')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(level * 100)}
        >
          <span style={{ width: `${Math.round(level * 100)}%` }} />
        </div>
      </div>
      {select('audioinput', 'audioIn', t('devices.microphone'))}
      {select('videoinput', 'videoIn', t('devices.camera'))}
      {select('audiooutput', 'audioOut', t('devices.speaker'))}
      <label className="voice-devices__check">
        <input
          type="checkbox"
          checked={choice.camera}
          onChange={(event) => onChange({ ...choice, camera: event.target.checked })}
          data-testid="voice-device-camera"
        />
        {t('devices.camera_on')}
      </label>
      <div className="voice-devices__actions">
        <Button variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button onClick={onJoin} data-testid="voice-join">
          {t('join')}
        </Button>
      </div>
    </div>
  );
}
