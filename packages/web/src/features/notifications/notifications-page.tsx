import type { NotifyLevel, NotifySettings } from '@parley/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getNotifySettings, setNotifySettings } from '../../lib/api';
import { Button, Checkbox, RadioCard, Spinner, TextField } from '../../ui';
import { useSettingsForm } from '../settings';
import { disablePush, enablePush, pushState, type PushState } from './push-client';
import './notifications.css';

const LEVELS: readonly NotifyLevel[] = ['all', 'mentions', 'none'];
const LEVEL_LABELS = {
  all: { label: 'level.all', hint: 'level.all_hint' },
  mentions: { label: 'level.mentions', hint: 'level.mentions_hint' },
  none: { label: 'level.none', hint: 'level.none_hint' },
} as const;
const STATE_LABELS = {
  on: 'push.on',
  off: 'push.off',
  denied: 'push.denied',
  unsupported: 'push.unsupported',
} as const satisfies Record<PushState, string>;

const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const fromTime = (value: string) => {
  const [h, m] = value.split(':').map(Number);
  return Math.min(1439, Math.max(0, (h ?? 0) * 60 + (m ?? 0)));
};

/** `/setting/notifications`: this device's push notifications and what notifies the user. */
export function NotificationsPage() {
  const { t } = useTranslation('notify');
  const form = useSettingsForm<NotifySettings>({
    load: getNotifySettings,
    save: setNotifySettings,
    saved: t('saved'),
  });
  const { value: settings, saving, update } = form;
  const [push, setPush] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    void pushState().then((value) => active && setPush(value));
    return () => {
      active = false;
    };
  }, []);

  if (!settings || !push) {
    return (
      <main className="settings-page">
        <Spinner />
      </main>
    );
  }

  const quiet = settings.quiet_hours;

  const togglePush = async () => {
    setBusy(true);
    try {
      setPush(push === 'on' ? await disablePush() : await enablePush());
    } catch {
      setPush(await pushState());
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="settings-page" data-testid="notify-settings">
      <h1 className="settings-page__title">{t('title')}</h1>
      <p className="settings-page__description">{t('description')}</p>
      <section className="notify-push" aria-labelledby="notify-push-title">
        <h2 className="settings-page__subtitle" id="notify-push-title">
          {t('push.title')}
        </h2>
        <p className="settings-page__notice" data-testid="notify-push-state">
          {t(STATE_LABELS[push])}
        </p>
        {push === 'on' || push === 'off' ? (
          <Button
            variant={push === 'on' ? 'ghost' : 'primary'}
            loading={busy}
            onClick={() => void togglePush()}
            data-testid="notify-push-toggle"
          >
            {push === 'on' ? t('push.disable') : t('push.enable')}
          </Button>
        ) : null}
      </section>
      <form
        className="settings-page__form"
        onSubmit={(event) => void form.submit(event)}
        data-testid="notify-form"
      >
        <fieldset className="notify-levels">
          <legend className="settings-page__subtitle">{t('level.title')}</legend>
          {LEVELS.map((level) => (
            <RadioCard
              key={level}
              name="notify-level"
              value={level}
              checked={settings.level === level}
              onChange={() => update({ level })}
              label={t(LEVEL_LABELS[level].label)}
              description={t(LEVEL_LABELS[level].hint)}
              data-testid={`notify-level-${level}`}
            />
          ))}
        </fieldset>
        <Checkbox
          label={t('quiet.enabled')}
          description={t('quiet.hint')}
          checked={quiet !== null}
          onChange={(event) =>
            update({
              quiet_hours: event.target.checked
                ? { start: 22 * 60, end: 7 * 60, utc_offset: -new Date().getTimezoneOffset() }
                : null,
            })
          }
          data-testid="notify-quiet"
        />
        {quiet ? (
          <div className="settings-page__row">
            <TextField
              label={t('quiet.start')}
              type="time"
              value={toTime(quiet.start)}
              onChange={(event) => update({ quiet_hours: { ...quiet, start: fromTime(event.target.value) } })}
              data-testid="notify-quiet-start"
            />
            <TextField
              label={t('quiet.end')}
              type="time"
              value={toTime(quiet.end)}
              onChange={(event) => update({ quiet_hours: { ...quiet, end: fromTime(event.target.value) } })}
              data-testid="notify-quiet-end"
            />
          </div>
        ) : null}
        <Checkbox
          label={t('email.label')}
          description={t('email.hint')}
          checked={settings.email_digest}
          onChange={(event) => update({ email_digest: event.target.checked })}
          data-testid="notify-email"
        />
        <Button type="submit" loading={saving} data-testid="notify-save">
          {t('save')}
        </Button>
      </form>
    </main>
  );
}
