import type { NotifyOverride, NotifySettings } from '@parley/protocol';
import { inList, type StoreContext } from '../dialect.js';
import { LeaseQueue, type QueueRow } from './lease-queue.js';
import type { AttemptOutcome, DeliveryStatus } from '../bot-types.js';
import type { ReadTarget } from '../types.js';
import type {
  ConversationState,
  NewNotifyDelivery,
  NotifyDeliveryRecord,
  NotifyDestination,
  NotifyStore,
  PushSubscriptionRecord,
} from '../notify-types.js';

const toDelivery = (row: QueueRow): NotifyDeliveryRecord =>
  ({ ...row, status: row.status as DeliveryStatus }) as NotifyDeliveryRecord;

/** Notification settings, Web Push subscriptions and the notification queue. */
export class KyselyNotifyStore implements NotifyStore {
  private readonly queue: LeaseQueue<NotifyDeliveryRecord>;

  constructor(private readonly ctx: StoreContext) {
    // A message's notification, its edits and its withdrawal reach each device in that order.
    this.queue = new LeaseQueue(ctx, 'notify_deliveries', 'notify_cursor', toDelivery, [
      'mid',
      'uid',
      'channel',
      'subscription_id',
      'device',
    ]);
  }

  async getPrefs(uid: number): Promise<NotifySettings | undefined> {
    return (await this.prefsOf([uid])).get(uid);
  }

  async prefsOf(uids: readonly number[]): Promise<Map<number, NotifySettings>> {
    const out = new Map<number, NotifySettings>();
    if (uids.length === 0) return out;
    const rows = await this.ctx.db
      .selectFrom('notify_prefs')
      .selectAll()
      .where((eb) => inList(this.ctx, eb.ref('uid'), uids))
      .execute();
    for (const row of rows) {
      const quiet =
        row.quiet_start === null || row.quiet_end === null
          ? null
          : { start: row.quiet_start, end: row.quiet_end, utc_offset: row.quiet_offset ?? 0 };
      out.set(row.uid, {
        level: row.level as NotifySettings['level'],
        overrides: JSON.parse(row.overrides) as NotifyOverride[],
        quiet_hours: quiet,
        email_digest: row.email_digest === 1,
      });
    }
    return out;
  }

  async conversationStates(
    uids: readonly number[],
    target: ReadTarget,
  ): Promise<Map<number, ConversationState>> {
    const out = new Map<number, ConversationState>();
    if (uids.length === 0) return out;
    const key = 'gid' in target ? { kind: 'group', id: target.gid } : { kind: 'user', id: target.uid };
    const settings = await this.ctx.db
      .selectFrom('chat_settings')
      .select(['uid', 'muted', 'mute_expired_at'])
      .where('target_kind', '=', key.kind)
      .where('target_id', '=', key.id)
      .where((eb) => inList(this.ctx, eb.ref('uid'), uids))
      .execute();
    for (const r of settings)
      out.set(r.uid, { muted: Number(r.muted) === 1, mute_expired_at: r.mute_expired_at, read_mid: 0 });
    const reads = await this.ctx.db
      .selectFrom('read_index')
      .select(['uid', 'mid'])
      .where('target_kind', '=', key.kind)
      .where('target_id', '=', key.id)
      .where((eb) => inList(this.ctx, eb.ref('uid'), uids))
      .execute();
    for (const r of reads) {
      const state = out.get(r.uid) ?? { muted: false, mute_expired_at: null, read_mid: 0 };
      out.set(r.uid, { ...state, read_mid: r.mid });
    }
    return out;
  }

  async setPrefs(uid: number, prefs: NotifySettings, now: number): Promise<void> {
    const values = {
      level: prefs.level,
      overrides: JSON.stringify(prefs.overrides),
      quiet_start: prefs.quiet_hours?.start ?? null,
      quiet_end: prefs.quiet_hours?.end ?? null,
      quiet_offset: prefs.quiet_hours?.utc_offset ?? null,
      email_digest: prefs.email_digest ? 1 : 0,
      updated_at: now,
    };
    await this.ctx.db
      .insertInto('notify_prefs')
      .values({ uid, ...values })
      .onConflict((oc) => oc.column('uid').doUpdateSet(values))
      .execute();
  }

  async saveSubscription(sub: Omit<PushSubscriptionRecord, 'id'>): Promise<void> {
    // One browser endpoint belongs to one device: signing in as someone else there takes it over.
    await this.ctx.db
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', sub.endpoint)
      .where((eb) => eb.or([eb('uid', '!=', sub.uid), eb('device', '!=', sub.device)]))
      .execute();
    const { created_at: _created, uid: _uid, device: _device, ...changed } = sub;
    await this.ctx.db
      .insertInto('push_subscriptions')
      .values(sub)
      .onConflict((oc) => oc.columns(['uid', 'device']).doUpdateSet(changed))
      .execute();
  }

  async deleteSubscription(uid: number, device: string): Promise<boolean> {
    const r = await this.ctx.db
      .deleteFrom('push_subscriptions')
      .where('uid', '=', uid)
      .where('device', '=', device)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async deleteSubscriptionById(id: number): Promise<void> {
    await this.ctx.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }

  async anySubscription(): Promise<boolean> {
    const row = await this.ctx.db.selectFrom('push_subscriptions').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  async getSubscription(id: number): Promise<PushSubscriptionRecord | undefined> {
    return this.ctx.db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async subscriptionsOf(uids: readonly number[]): Promise<PushSubscriptionRecord[]> {
    if (uids.length === 0) return [];
    return this.ctx.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where((eb) => inList(this.ctx, eb.ref('uid'), uids))
      .orderBy('id')
      .execute();
  }

  async setDeviceToken(uid: number, device: string, token: string | null): Promise<boolean> {
    const r = await this.ctx.db
      .updateTable('devices')
      .set({ device_token: token })
      .where('uid', '=', uid)
      .where('device', '=', device)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async fcmDevicesOf(
    uids: readonly number[],
  ): Promise<{ uid: number; device: string; device_token: string }[]> {
    if (uids.length === 0) return [];
    const rows = await this.ctx.db
      .selectFrom('devices')
      .select(['uid', 'device', 'device_token'])
      .where((eb) => inList(this.ctx, eb.ref('uid'), uids))
      .where('device_token', 'is not', null)
      .where('device_token', '!=', '')
      .orderBy('uid')
      .orderBy('device')
      .execute();
    return rows.filter((r): r is { uid: number; device: string; device_token: string } => !!r.device_token);
  }

  async anyDeviceToken(): Promise<boolean> {
    const row = await this.ctx.db
      .selectFrom('devices')
      .select('uid')
      .where('device_token', 'is not', null)
      .where('device_token', '!=', '')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async deviceToken(uid: number, device: string): Promise<string | null> {
    const row = await this.ctx.db
      .selectFrom('devices')
      .select('device_token')
      .where('uid', '=', uid)
      .where('device', '=', device)
      .executeTakeFirst();
    return row?.device_token || null;
  }

  async notifiedOf(mid: number): Promise<({ uid: number } & NotifyDestination)[]> {
    const rows = await this.ctx.db
      .selectFrom('notify_deliveries')
      .select(['uid', 'channel', 'subscription_id', 'device'])
      .distinct()
      .where('mid', '=', mid)
      .where('channel', 'in', ['webpush', 'fcm'])
      // Pending too: a send still on its way is followed by the change (see `wasDelivered`).
      .where('status', 'in', ['delivered', 'pending'])
      .orderBy('uid')
      .orderBy('channel')
      .orderBy('subscription_id')
      .orderBy('device')
      .execute();
    const out: ({ uid: number } & NotifyDestination)[] = [];
    for (const r of rows) {
      if (r.channel === 'webpush' && r.subscription_id !== null)
        out.push({ uid: r.uid, channel: 'webpush', subscription_id: r.subscription_id, device: null });
      else if (r.channel === 'fcm' && r.device !== null)
        out.push({ uid: r.uid, channel: 'fcm', subscription_id: null, device: r.device });
    }
    return out;
  }

  async wasDelivered(d: NotifyDeliveryRecord): Promise<boolean> {
    const row = await this.ctx.db
      .selectFrom('notify_deliveries')
      .select('id')
      .where('mid', '=', d.mid)
      .where('uid', '=', d.uid)
      .where('channel', '=', d.channel)
      .where('id', '<', d.id)
      .where('status', '=', 'delivered')
      .where((eb) =>
        d.channel === 'fcm'
          ? eb('device', '=', d.device ?? '')
          : eb('subscription_id', '=', d.subscription_id ?? 0),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  async pendingDigests(uids: readonly number[]): Promise<Set<number>> {
    if (uids.length === 0) return new Set();
    const rows = await this.ctx.db
      .selectFrom('notify_deliveries')
      .select('uid')
      .where('channel', '=', 'email')
      .where('status', '=', 'pending')
      .where((eb) => inList(this.ctx, eb.ref('uid'), uids))
      .execute();
    return new Set(rows.map((r) => r.uid));
  }

  cursor(): Promise<number> {
    return this.queue.cursor();
  }

  moveCursor(from: number, to: number): Promise<boolean> {
    return this.queue.moveCursor(from, to);
  }

  enqueue(deliveries: readonly NewNotifyDelivery[], nextAt: number): Promise<void> {
    return this.queue.enqueue(deliveries, nextAt);
  }

  claimDue(now: number, leaseUntil: number, limit: number): Promise<NotifyDeliveryRecord[]> {
    return this.queue.claimDue(now, leaseUntil, limit);
  }

  finishAttempt(id: number, outcome: AttemptOutcome): Promise<void> {
    return this.queue.finishAttempt(id, outcome);
  }

  listDeliveries(uid: number, limit: number): Promise<NotifyDeliveryRecord[]> {
    return this.queue.list(uid, limit);
  }
}
