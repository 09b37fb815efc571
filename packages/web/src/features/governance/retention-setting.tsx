import { RETENTION_DAYS_MAX } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { getChannelRetention, getRetention, setChannelRetention, setRetention } from '../../lib/api';
import { Button, Checkbox, TextField } from '../../ui';
import { useSettingsForm } from '../settings';

interface Retention {
  /** What the field holds: digits, checked before saving. */
  days: string;
  /** The channel follows the server default (always false for the server default itself). */
  inherit: boolean;
  /** The days that apply now, shown beside "follow the server default"; not edited. */
  effective: number;
}

const loadRetention = async (gid: number | undefined): Promise<Retention> => {
  if (gid === undefined) {
    const { days } = await getRetention();
    return { days: String(days), inherit: false, effective: days };
  }
  const { days, effective_days } = await getChannelRetention(gid);
  return { days: String(days ?? effective_days), inherit: days === null, effective: effective_days };
};

/**
 * Message retention (docs/api.md "Retention"): days after which messages are deleted, 0 keeps
 * them. Without `gid` it edits the server default (Settings › Data management); with one, that
 * channel's override, which may also follow the server default (channel settings, admins only).
 */
export function RetentionSetting({ gid }: { gid?: number }) {
  // A form per channel: another channel's page loads its own.
  return <RetentionForm key={gid ?? 'server'} gid={gid} />;
}

function RetentionForm({ gid }: { gid: number | undefined }) {
  const { t } = useTranslation('governance');
  const form = useSettingsForm<Retention>({
    load: () => loadRetention(gid),
    save: ({ days, inherit }) =>
      gid === undefined
        ? setRetention(Number(days))
        : setChannelRetention(gid, inherit ? null : Number(days)),
    saved: t('retention.saved'),
    toastId: 'retention-saved',
  });
  const retention = form.value;
  const valid =
    retention !== null &&
    (retention.inherit || (/^\d+$/.test(retention.days) && Number(retention.days) <= RETENTION_DAYS_MAX));

  return (
    <div className="admin-card" data-testid={gid === undefined ? 'retention-server' : 'retention-channel'}>
      <h3>{t('retention.title')}</h3>
      <p className="admin-page__text">
        {gid === undefined ? t('retention.server_text') : t('retention.channel_text')}
      </p>
      {retention === null ? null : (
        <>
          {gid !== undefined ? (
            <Checkbox
              checked={retention.inherit}
              onChange={(e) => form.update({ inherit: e.currentTarget.checked })}
              label={t('retention.follow_server', { days: retention.effective })}
              data-testid="retention-inherit"
            />
          ) : null}
          {!retention.inherit ? (
            <TextField
              label={t('retention.days')}
              hint={t('retention.days_hint')}
              inputMode="numeric"
              value={retention.days}
              onChange={(e) => form.update({ days: e.currentTarget.value.trim() })}
              error={valid ? undefined : t('retention.days_invalid', { max: RETENTION_DAYS_MAX })}
              data-testid="retention-days"
            />
          ) : null}
          <div className="admin-row">
            <Button
              onClick={() => void form.submit()}
              disabled={!valid || !form.dirty || form.saving}
              data-testid="retention-save"
            >
              {t('retention.save')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
