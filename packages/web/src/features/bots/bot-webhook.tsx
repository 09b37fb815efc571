import type { AdminUser, WebhookDelivery } from '@parley/protocol';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as botsApi from '../../lib/api/endpoints/bots';
import { Button, TextField } from '../../ui';
import { saveWithToast, useSettingsForm } from '../settings';
import { formatTime } from './format';

const STATUS_LABELS = {
  pending: 'deliveries.status_pending',
  delivered: 'deliveries.status_delivered',
  failed: 'deliveries.status_failed',
} as const;

/** The webhook URL (checked by the server), its signing secret, and the delivery log. */
export function BotWebhook({ bot, onSaved }: { bot: AdminUser; onSaved: () => void }) {
  const { t } = useTranslation('bots');
  // An invalid URL is the server's 400, toasted by the request layer ("Invalid Webhook URL!").
  const form = useSettingsForm({
    initial: { url: bot.webhook_url ?? '' },
    normalize: ({ url }) => ({ url: url.trim() }),
    save: ({ url }) => botsApi.setBotWebhook(bot.uid, url),
    saved: t('webhook.saved'),
  });
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<WebhookDelivery[]>([]);

  const loadSecret = useCallback(
    async () => setSecret((await botsApi.getBotWebhook(bot.uid).catch(() => null))?.secret ?? null),
    [bot.uid],
  );
  const loadLog = useCallback(
    async () => setLog(await botsApi.listDeliveries(bot.uid).catch(() => [])),
    [bot.uid],
  );
  useEffect(() => {
    let active = true;
    botsApi
      .getBotWebhook(bot.uid)
      .then((hook) => active && setSecret(hook.secret))
      .catch(() => undefined);
    botsApi
      .listDeliveries(bot.uid)
      .then((list) => active && setLog(list))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [bot.uid]);

  const save = async (event: FormEvent) => {
    if (!(await form.submit(event))) return;
    await loadSecret();
    onSaved();
  };

  const rotate = () =>
    saveWithToast(async () => setSecret((await botsApi.rotateBotSecret(bot.uid)).secret), {
      saved: t('webhook.rotated'),
    });

  return (
    <>
      <section className="bots-card" aria-labelledby={`hook-${bot.uid}`}>
        <h3 id={`hook-${bot.uid}`}>{t('webhook.title')}</h3>
        <form className="bots-inline" onSubmit={(e) => void save(e)}>
          <TextField
            label={t('webhook.url')}
            type="url"
            value={form.value?.url ?? ''}
            placeholder="https://"
            onChange={(e) => form.update({ url: e.target.value })}
            data-testid="bot-webhook-url"
          />
          <Button type="submit" loading={form.saving} disabled={!form.dirty} data-testid="bot-webhook-save">
            {t('webhook.save')}
          </Button>
        </form>
        {secret ? (
          <div className="bots-secret">
            <p className="field__label">{t('webhook.secret')}</p>
            <div className="bots-once__row">
              <code className="bots-once__key" data-testid="bot-webhook-secret">
                {secret}
              </code>
              <Button variant="ghost" small onClick={() => void rotate()} data-testid="bot-secret-rotate">
                {t('webhook.rotate')}
              </Button>
            </div>
            <p className="bots-muted">{t('webhook.signature_hint')}</p>
          </div>
        ) : (
          <p className="bots-muted">{t('webhook.none')}</p>
        )}
      </section>
      <section className="bots-card" aria-labelledby={`log-${bot.uid}`}>
        <div className="bots-card__head">
          <h3 id={`log-${bot.uid}`}>{t('deliveries.title')}</h3>
          <Button variant="ghost" small onClick={() => void loadLog()} data-testid="bot-log-refresh">
            {t('deliveries.refresh')}
          </Button>
        </div>
        {log.length === 0 ? (
          <p className="bots-muted">{t('deliveries.empty')}</p>
        ) : (
          <div className="bots-table-wrap">
            <table className="bots-table" data-testid="bot-log">
              <thead>
                <tr>
                  <th scope="col">{t('deliveries.time')}</th>
                  <th scope="col">{t('deliveries.mid')}</th>
                  <th scope="col">{t('deliveries.status')}</th>
                  <th scope="col">{t('deliveries.attempts')}</th>
                  <th scope="col">{t('deliveries.result')}</th>
                </tr>
              </thead>
              <tbody>
                {log.map((d) => (
                  <tr key={d.id}>
                    <td>{formatTime(d.created_at)}</td>
                    <td>{d.mid}</td>
                    <td>
                      <span className={`bots-status bots-status--${d.status}`}>
                        {t(STATUS_LABELS[d.status])}
                      </span>
                    </td>
                    <td>{d.attempts}</td>
                    <td>{d.last_status ?? d.last_error ?? t('deliveries.unreachable')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
