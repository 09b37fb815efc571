import { LIMITS, type AdminUser } from '@parley/protocol';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import * as botsApi from '../../lib/api/endpoints/bots';
import { useAppSelector } from '../../lib/store';
import { Button, PlusIcon, SparkIcon, Spinner, TextField } from '../../ui';
import { BotKeys } from './bot-keys';
import { BotWebhook } from './bot-webhook';
import { AdminPageFrame } from '../settings';
import './bots.css';

/** Settings › Bots and webhooks (issue 13): administrators only. */
export function BotsPage() {
  const { t } = useTranslation('bots');
  const isAdmin = useAppSelector((state) => state.auth?.user.is_admin === true);
  const [bots, setBots] = useState<AdminUser[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);

  const load = useCallback(async () => {
    const users = await botsApi.listAdminUsers().catch(() => []);
    const list = users.filter((u) => u.is_bot);
    setBots(list);
    return list;
  }, []);

  useEffect(() => {
    if (!isAdmin) return;
    let active = true;
    botsApi
      .listAdminUsers()
      .then((users) => active && setBots(users.filter((u) => u.is_bot)))
      .catch(() => active && setBots([]));
    return () => {
      active = false;
    };
  }, [isAdmin]);

  if (!isAdmin) return <AdminPageFrame isAdmin={false} notice={t('admin_only')} testId="bots-admin-only" />;

  const current = bots?.find((b) => b.uid === selected) ?? null;
  return (
    <main className="bots-page" data-testid="bots-page">
      <header className="bots-page__header">
        <h1>{t('title')}</h1>
        <p>{t('description')}</p>
      </header>
      <CreateBot
        onCreated={async (bot) => {
          await load();
          setSelected(bot.uid);
        }}
      />
      <section className="bots-card" aria-label={t('list.label')}>
        {bots === null ? (
          <Spinner />
        ) : bots.length === 0 ? (
          <p className="bots-muted">{t('list.empty')}</p>
        ) : (
          <ul className="bots-list" data-testid="bot-list">
            {bots.map((bot) => (
              <li key={bot.uid}>
                <button
                  type="button"
                  className="bots-list__item"
                  aria-pressed={bot.uid === selected}
                  onClick={() => setSelected(bot.uid === selected ? null : bot.uid)}
                  data-testid={`bot-${bot.uid}`}
                >
                  <SparkIcon size={18} />
                  <span className="bots-list__name">{bot.name}</span>
                  {bot.webhook_url ? <span className="bots-list__url">{bot.webhook_url}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {current ? (
        <div className="bots-detail" key={current.uid} data-testid="bot-detail">
          <h2>{current.name}</h2>
          <BotKeys uid={current.uid} />
          <BotWebhook bot={current} onSaved={() => void load()} />
        </div>
      ) : null}
    </main>
  );
}

function CreateBot({ onCreated }: { onCreated: (bot: AdminUser) => Promise<void> }) {
  const { t } = useTranslation('bots');
  const [name, setName] = useState('');
  const [webhook, setWebhook] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    try {
      const bot = await botsApi.createBot(name.trim(), webhook.trim());
      toast.success(t('create.created', { name: bot.name }));
      setName('');
      setWebhook('');
      await onCreated(bot);
    } catch {
      // The API layer has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="bots-card bots-create" onSubmit={(e) => void submit(e)} data-testid="bot-create">
      <h2>{t('create.title')}</h2>
      <div className="bots-create__fields">
        <TextField
          label={t('create.name')}
          value={name}
          maxLength={LIMITS.nameMaxLength}
          required
          onChange={(e) => setName(e.target.value)}
          data-testid="bot-name"
        />
        <TextField
          label={t('create.webhook')}
          hint={t('create.webhook_hint')}
          type="url"
          value={webhook}
          onChange={(e) => setWebhook(e.target.value)}
          data-testid="bot-webhook-new"
        />
      </div>
      <Button type="submit" icon={<PlusIcon size={18} />} loading={busy} data-testid="bot-create-submit">
        {t('create.submit')}
      </Button>
    </form>
  );
}
