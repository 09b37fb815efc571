import type { StoreContext } from '../dialect.js';
import type {
  AttemptOutcome,
  BotKeyRecord,
  BotStore,
  DeliveryRecord,
  DeliveryStatus,
  NewDelivery,
  WebhookRecord,
} from '../types.js';

const toDelivery = (row: Omit<DeliveryRecord, 'status'> & { status: string }): DeliveryRecord => ({
  ...row,
  status: row.status as DeliveryStatus,
});

/** Bot keys, webhooks and the webhook queue. */
export class KyselyBotStore implements BotStore {
  constructor(private readonly ctx: StoreContext) {}

  async createKey(key: Omit<BotKeyRecord, 'id' | 'last_used'>): Promise<BotKeyRecord> {
    return this.ctx.db
      .insertInto('bot_keys')
      .values({ ...key, last_used: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async listKeys(uid: number): Promise<BotKeyRecord[]> {
    return this.ctx.db.selectFrom('bot_keys').selectAll().where('uid', '=', uid).orderBy('id').execute();
  }

  async keyByHash(keyHash: string): Promise<BotKeyRecord | undefined> {
    return this.ctx.db.selectFrom('bot_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  }

  async deleteKey(uid: number, id: number): Promise<boolean> {
    const r = await this.ctx.db
      .deleteFrom('bot_keys')
      .where('uid', '=', uid)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async touchKey(id: number, at: number, unlessSince: number): Promise<void> {
    await this.ctx.db
      .updateTable('bot_keys')
      .set({ last_used: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used', 'is', null), eb('last_used', '<', unlessSince)]))
      .execute();
  }

  async getWebhook(uid: number): Promise<WebhookRecord | undefined> {
    return this.ctx.db.selectFrom('bot_webhooks').selectAll().where('uid', '=', uid).executeTakeFirst();
  }

  async setWebhook(webhook: WebhookRecord): Promise<void> {
    await this.ctx.db
      .insertInto('bot_webhooks')
      .values(webhook)
      .onConflict((oc) =>
        oc
          .column('uid')
          .doUpdateSet({ url: webhook.url, secret: webhook.secret, updated_at: webhook.updated_at }),
      )
      .execute();
  }

  async listWebhooks(): Promise<(WebhookRecord & { url: string })[]> {
    const rows = await this.ctx.db
      .selectFrom('bot_webhooks')
      .selectAll()
      .where('url', 'is not', null)
      .orderBy('uid')
      .execute();
    return rows.filter((r): r is WebhookRecord & { url: string } => r.url !== null);
  }

  async cursor(): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('webhook_cursor')
      .select('mid')
      .where('id', '=', 1)
      .executeTakeFirst();
    return row?.mid ?? 0;
  }

  async moveCursor(from: number, to: number): Promise<boolean> {
    const r = await this.ctx.db
      .updateTable('webhook_cursor')
      .set({ mid: to })
      .where('id', '=', 1)
      .where('mid', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async enqueue(deliveries: readonly NewDelivery[], nextAt: number): Promise<void> {
    if (deliveries.length === 0) return;
    await this.ctx.db
      .insertInto('webhook_deliveries')
      .values(
        deliveries.map((d) => ({
          ...d,
          status: 'pending',
          attempts: 0,
          next_at: nextAt,
          lease_until: 0,
          last_status: null,
          last_error: null,
          delivered_at: null,
        })),
      )
      .execute();
  }

  async claimDue(now: number, leaseUntil: number, limit: number): Promise<DeliveryRecord[]> {
    const due = await this.ctx.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_at', '<=', now)
      .where('lease_until', '<=', now)
      .orderBy('next_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    const claimed: DeliveryRecord[] = [];
    for (const row of due) {
      // Conditional on the lease read: of two nodes reading the same row, one updates it.
      const r = await this.ctx.db
        .updateTable('webhook_deliveries')
        .set({ lease_until: leaseUntil, attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where('lease_until', '=', row.lease_until)
        .where('attempts', '=', row.attempts)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1)
        claimed.push(toDelivery({ ...row, lease_until: leaseUntil, attempts: row.attempts + 1 }));
    }
    return claimed;
  }

  async failPending(uid: number, error: string): Promise<void> {
    await this.ctx.db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', last_error: error })
      .where('uid', '=', uid)
      .where('status', '=', 'pending')
      .execute();
  }

  async finishAttempt(id: number, outcome: AttemptOutcome): Promise<void> {
    await this.ctx.db
      .updateTable('webhook_deliveries')
      .set({ ...outcome, lease_until: 0 })
      .where('id', '=', id)
      .execute();
  }

  async listDeliveries(uid: number, limit: number): Promise<DeliveryRecord[]> {
    const rows = await this.ctx.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('uid', '=', uid)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toDelivery);
  }
}
