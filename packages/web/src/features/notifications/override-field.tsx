import type { NotifyLevel, NotifySettings } from '@parley/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getNotifySettings, setNotifySettings } from '../../lib/api';
import { parseConv, type ConvKey } from '../../lib/store';
import { SelectField } from '../../ui';

const LEVELS: NotifyLevel[] = ['all', 'mentions', 'none'];

const sameTarget = (conv: ConvKey) => {
  const { kind, id } = parseConv(conv);
  return (o: NotifySettings['overrides'][number]) =>
    kind === 'group' ? 'gid' in o.target && o.target.gid === id : 'uid' in o.target && o.target.uid === id;
};

/**
 * One conversation's notification level, overriding the user's own (`overrides` of
 * `/user/notify/settings`): default, all, mentions, nothing. Shown in the conversation's settings.
 */
export function NotifyOverrideField({ conv }: { conv: ConvKey }) {
  const { t } = useTranslation('notify');
  const [settings, setSettings] = useState<NotifySettings | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    getNotifySettings()
      .then((loaded) => live && setSettings(loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const current = settings?.overrides.find(sameTarget(conv))?.level ?? 'default';

  const change = async (value: string) => {
    setBusy(true);
    try {
      // Read again right before writing: the settings page or another device may have changed them.
      const fresh = await getNotifySettings();
      const { kind, id } = parseConv(conv);
      const others = fresh.overrides.filter((o) => !sameTarget(conv)(o));
      const target = kind === 'group' ? { gid: id } : { uid: id };
      const next = {
        ...fresh,
        overrides: value === 'default' ? others : [...others, { target, level: value as NotifyLevel }],
      };
      await setNotifySettings(next);
      setSettings(next);
    } catch {
      // The API client already showed the failure.
    } finally {
      setBusy(false);
    }
  };

  return (
    <SelectField
      label={t('override.label')}
      hint={t('override.hint')}
      value={current}
      disabled={busy || settings === null}
      onChange={(e) => void change(e.target.value)}
      data-testid="conversation-notify"
    >
      <option value="default">
        {t('override.default', { level: t(`level.${settings?.level ?? 'all'}`) })}
      </option>
      {LEVELS.map((level) => (
        <option key={level} value={level}>
          {t(`level.${level}`)}
        </option>
      ))}
    </SelectField>
  );
}
