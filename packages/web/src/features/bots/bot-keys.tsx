import { LIMITS, type BotKey } from '@parley/protocol';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as botsApi from '../../lib/api/endpoints/bots';
import { useAppSelector } from '../../lib/store';
import { Button, CopyButton, TextField } from '../../ui';
import { saveWithToast, useSave } from '../settings';
import { curlSnippet, formatTime } from './format';

/** A bot's keys: create one (shown once, with a curl snippet beside it), list, revoke. */
export function BotKeys({ uid }: { uid: number }) {
  const { t } = useTranslation('bots');
  const [keys, setKeys] = useState<BotKey[]>([]);
  const [name, setName] = useState('');
  // The new key shows once, in place of a toast.
  const { busy, run } = useSave();
  const [fresh, setFresh] = useState<string | null>(null);
  const groups = useAppSelector((state) => state.groups.byId);
  const gid = useMemo(() => {
    const all = Object.values(groups);
    return (all.find((g) => g.is_public) ?? all[0])?.gid ?? 1;
  }, [groups]);

  const load = useCallback(async () => setKeys(await botsApi.listBotKeys(uid).catch(() => [])), [uid]);
  useEffect(() => {
    let active = true;
    botsApi
      .listBotKeys(uid)
      .then((list) => active && setKeys(list))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [uid]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    await run(async () => {
      setFresh(await botsApi.createBotKey(uid, name.trim()));
      setName('');
      await load();
    });
  };

  const revoke = async (kid: number) => {
    if (await saveWithToast(() => botsApi.revokeBotKey(uid, kid), { saved: t('keys.revoked') })) await load();
  };

  return (
    <section className="bots-card" aria-labelledby={`keys-${uid}`}>
      <h3 id={`keys-${uid}`}>{t('keys.title')}</h3>
      {fresh ? (
        <ShownOnce
          secret={fresh}
          snippet={curlSnippet(location.origin, fresh, gid)}
          onDone={() => setFresh(null)}
        />
      ) : null}
      {keys.length === 0 ? (
        <p className="bots-muted">{t('keys.empty')}</p>
      ) : (
        <ul className="bots-keys" data-testid="bot-keys">
          {keys.map((k) => (
            <li key={k.id} className="bots-keys__item">
              <div>
                <strong>{k.name}</strong> <code>{k.key}</code>
                <p className="bots-muted">
                  {t('keys.created', { time: formatTime(k.created_at) })} ·{' '}
                  {k.last_used === null
                    ? t('keys.never_used')
                    : t('keys.last_used', { time: formatTime(k.last_used) })}
                </p>
              </div>
              <Button variant="danger" small onClick={() => void revoke(k.id)} data-testid={`revoke-${k.id}`}>
                {t('keys.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="bots-inline" onSubmit={(e) => void create(e)}>
        <TextField
          label={t('keys.name')}
          value={name}
          maxLength={LIMITS.botKeyNameMaxLength}
          required
          onChange={(e) => setName(e.target.value)}
          data-testid="bot-key-name"
        />
        <Button type="submit" loading={busy} data-testid="bot-key-create">
          {t('keys.create')}
        </Button>
      </form>
    </section>
  );
}

function ShownOnce({ secret, snippet, onDone }: { secret: string; snippet: string; onDone: () => void }) {
  const { t } = useTranslation('bots');
  return (
    <div className="bots-once" role="status" data-testid="bot-key-once">
      <p className="bots-once__warning">{t('keys.shown_once')}</p>
      <div className="bots-once__row">
        <code className="bots-once__key" data-testid="bot-key-value">
          {secret}
        </code>
        <CopyButton text={secret} testId="copy-key" />
      </div>
      <p>{t('keys.curl')}</p>
      <div className="bots-once__row">
        <pre className="bots-once__snippet" data-testid="bot-key-curl">
          {snippet}
        </pre>
        <CopyButton text={snippet} testId="copy-curl" />
      </div>
      <Button variant="ghost" small onClick={onDone} data-testid="bot-key-done">
        {t('keys.done')}
      </Button>
    </div>
  );
}
