import type { StoreContext } from '../dialect.js';
import { LeaseQueue, type QueueRow } from './lease-queue.js';
import type {
  AttemptOutcome,
  BotKeyRecord,
  BotStore,
  DeliveryRecord,
  DeliveryStatus,
  NewDelivery,
  WebhookRecord,
} from '../types.js';

const toDelivery = (row: QueueRow): DeliveryRecord =>
  ({ ...row, status: row.status as DeliveryStatus }) as DeliveryRecord;

/** Bot keys, webhooks and the webhook queue. */
export class KyselyBotStore implements BotStore {
  private readonly queue: LeaseQueue<DeliveryRecord>;

  constructor(private readonly ctx: StoreContext) {
    this.queue = new LeaseQueue(ctx, 'webhook_deliveries', 'webhook_cursor', toDelivery);
  }

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

  cursor(): Promise<number> {
    return this.queue.cursor();
  }

  moveCursor(from: number, to: number): Promise<boolean> {
    return this.queue.moveCursor(from, to);
  }

  enqueue(deliveries: readonly NewDelivery[], nextAt: number): Promise<void> {
    return this.queue.enqueue(deliveries, nextAt);
  }

  claimDue(now: number, leaseUntil: number, limit: number): Promise<DeliveryRecord[]> {
    return this.queue.claimDue(now, leaseUntil, limit);
  }

  async failPending(uid: number, error: string): Promise<void> {
    await this.ctx.db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', last_error: error })
      .where('uid', '=', uid)
      .where('status', '=', 'pending')
      .execute();
  }

  finishAttempt(id: number, outcome: AttemptOutcome): Promise<void> {
    return this.queue.finishAttempt(id, outcome);
  }

  listDeliveries(uid: number, limit: number): Promise<DeliveryRecord[]> {
    return this.queue.list(uid, limit);
  }
}
