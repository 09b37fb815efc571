import { RETENTION_DAYS_MAX } from '@parley/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getChannelRetention, getRetention, setChannelRetention, setRetention } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button, Checkbox, TextField } from '../../ui';

/**
 * Message retention (docs/api.md "Retention"): days after which messages are deleted, 0 keeps
 * them. Without `gid` it edits the server default (Settings › Data management); with one, that
 * channel's override, which may also follow the server default (channel settings, admins only).
 */
export function RetentionSetting({ gid }: { gid?: number }) {
  const { t } = useTranslation('governance');
  const [days, setDays] = useState('');
  const [inherit, setInherit] = useState(false);
  const [serverDays, setServerDays] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let active = true;
    const load =
      gid === undefined
        ? getRetention().then((r) => ({ days: r.days as number | null, effective: r.days }))
        : getChannelRetention(gid).then((r) => ({ days: r.days, effective: r.effective_days }));
    load
      .then((r) => {
        if (!active) return;
        setDays(String(r.days ?? r.effective));
        setInherit(r.days === null);
        setServerDays(r.effective);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [gid]);

  const value = Number(days);
  const valid = inherit || (/^\d+$/.test(days) && value <= RETENTION_DAYS_MAX);
  const save = async () => {
    setSaving(true);
    try {
      if (gid === undefined) await setRetention(value);
      else await setChannelRetention(gid, inherit ? null : value);
      toast.success(t('retention.saved'), { id: 'retention-saved' });
    } catch {
      // The call already showed its error.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="admin-card" data-testid={gid === undefined ? 'retention-server' : 'retention-channel'}>
      <h3>{t('retention.title')}</h3>
      <p className="admin-page__text">
        {gid === undefined ? t('retention.server_text') : t('retention.channel_text')}
      </p>
      {gid !== undefined ? (
        <Checkbox
          checked={inherit}
          onChange={(e) => setInherit(e.currentTarget.checked)}
          label={t('retention.follow_server', { days: serverDays ?? 0 })}
          data-testid="retention-inherit"
        />
      ) : null}
      {!inherit ? (
        <TextField
          label={t('retention.days')}
          hint={t('retention.days_hint')}
          inputMode="numeric"
          value={days}
          onChange={(e) => setDays(e.currentTarget.value.trim())}
          error={valid ? undefined : t('retention.days_invalid', { max: RETENTION_DAYS_MAX })}
          data-testid="retention-days"
        />
      ) : null}
      <div className="admin-row">
        <Button onClick={() => void save()} disabled={!valid || saving} data-testid="retention-save">
          {t('retention.save')}
        </Button>
      </div>
    </div>
  );
}
