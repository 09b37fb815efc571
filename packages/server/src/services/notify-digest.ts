/**
 * The e-mail digest of missed messages (issue 16; API.md §11 `msg_smtp_notify_enable`,
 * `msg_smtp_notify_delay_seconds`). When a user is to be notified and no digest of theirs is
 * pending, one is queued for `delay` seconds later (`notify-worker.ts`). When it is due, it lists
 * every message since then that the decider still lets through (not read meanwhile, not muted,
 * the user not online now), and nothing is sent when none is left. Each mail carries a link that
 * turns the digest off without signing in (an HMAC of the uid with a key kept in the database).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ChatMessage } from '@parley/protocol';
import type { Ctx } from '../context.js';
import { badRequest } from '../errors.js';
import { digestStrings } from '../mail/digest-text.js';
import { deliver } from '../mail/smtp.js';
import type { Store } from '../store/types.js';
import { isSmtpEnabled } from './mail.js';
import { isNotifiable, wantsNotification } from './notify-decider.js';
import { DEFAULT_NOTIFY_SETTINGS } from './notify-settings.js';
import { shortText } from './notify-payload.js';
import { readSetting } from './settings.js';

const KEY_SETTING = 'notify_unsubscribe_key';
/** A digest lists at most this many messages (and says how many more there are). */
const DIGEST_MAX = 50;
const READ_LIMIT = 1_000;

/** The digest's delay in ms while digests are on (system setting and SMTP), else null. */
export async function digestDelayMs(ctx: Ctx): Promise<number | null> {
  const common = await readSetting(ctx.store, 'systemCommon');
  if (!common.msg_smtp_notify_enable || !(await isSmtpEnabled(ctx))) return null;
  return Math.max(0, common.msg_smtp_notify_delay_seconds) * 1000;
}

/** Of these users, those with an address who did not turn the digest off. */
export async function digestReaders(store: Store, uids: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (const user of await store.users.getMany(uids)) {
    if (!user.email) continue;
    const prefs = (await store.notify.getPrefs(user.uid)) ?? DEFAULT_NOTIFY_SETTINGS;
    if (prefs.email_digest) out.add(user.uid);
  }
  return out;
}

async function unsubscribeKey(ctx: Ctx): Promise<Buffer> {
  const stored = await ctx.store.settings.setIfAbsent<string>(
    KEY_SETTING,
    randomBytes(32).toString('base64url'),
  );
  return Buffer.from(stored, 'base64url');
}

const mac = (key: Buffer, uid: number) =>
  createHmac('sha256', key).update(`notify-unsubscribe:${uid}`).digest('base64url');

export async function unsubscribeToken(ctx: Ctx, uid: number): Promise<string> {
  return `${uid}.${mac(await unsubscribeKey(ctx), uid)}`;
}

/** `GET /user/notify/unsubscribe?token=`: turns the user's digest off; 400 for a bad token. */
export async function unsubscribeByToken(ctx: Ctx, token: string): Promise<string> {
  const [uidText, given] = token.split('.');
  const uid = Number(uidText);
  if (!Number.isSafeInteger(uid) || uid <= 0 || !given) throw badRequest('bad token');
  const expected = Buffer.from(mac(await unsubscribeKey(ctx), uid));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw badRequest('bad token');
  const prefs = (await ctx.store.notify.getPrefs(uid)) ?? DEFAULT_NOTIFY_SETTINGS;
  if (await ctx.store.users.get(uid))
    await ctx.store.notify.setPrefs(uid, { ...prefs, email_digest: false }, ctx.now());
  return 'You will no longer receive e-mail digests of missed messages.';
}

/** The messages since `fromMid` that `uid` is still to hear of. */
async function missed(ctx: Ctx, uid: number, fromMid: number): Promise<ChatMessage[]> {
  const gids = (await ctx.store.groups.listVisibleTo(uid)).map((g) => g.gid);
  const records = await ctx.store.messages.listForUser(uid, gids, fromMid - 1, READ_LIMIT);
  const out: ChatMessage[] = [];
  for (const r of records) {
    if (!isNotifiable(r) || r.from_uid === uid) continue;
    if (!(await ctx.store.messages.getLive(r.mid))) continue;
    if (await wantsNotification(ctx.store, ctx.presence, r, uid, ctx.now())) out.push(r);
  }
  return out;
}

/**
 * Sends the digest due for `uid`; returns false when nothing is left to tell. Throws `MailError`
 * when the mail server refuses (the row is retried).
 */
export async function sendDigest(ctx: Ctx, uid: number, fromMid: number): Promise<boolean> {
  const user = await ctx.store.users.get(uid);
  if (!user?.email) return false;
  const messages = await missed(ctx, uid, fromMid);
  if (messages.length === 0) return false;
  const names = new Map(
    (await ctx.store.users.getMany([...new Set(messages.map((m) => m.from_uid))])).map((u) => [
      u.uid,
      u.name,
    ]),
  );
  const groups = new Map<number, string>();
  for (const m of messages)
    if ('gid' in m.target && !groups.has(m.target.gid))
      groups.set(m.target.gid, (await ctx.store.groups.get(m.target.gid))?.name ?? '');
  const org = (await readSetting(ctx.store, 'organization')).name;
  const origin = await linkOrigin(ctx);
  const words = digestStrings(user.language, org);
  const lines = messages.slice(0, DIGEST_MAX).map((m) => {
    const where = 'gid' in m.target ? `#${groups.get(m.target.gid)}` : words.direct;
    const text = shortText(m) || words.attachment;
    return `${names.get(m.from_uid) ?? '?'} (${where}): ${text}`;
  });
  if (messages.length > DIGEST_MAX) lines.push(words.more(messages.length - DIGEST_MAX));
  const unsubscribe = `${origin}/api/user/notify/unsubscribe?token=${await unsubscribeToken(ctx, uid)}`;
  const smtp = await readSetting(ctx.store, 'smtp');
  await deliver(smtp, {
    to: user.email,
    subject: words.subject(messages.length),
    text: [
      words.intro(messages.length),
      '',
      ...lines,
      '',
      `${words.open}: ${origin}/`,
      `${words.stop}: ${unsubscribe}`,
    ].join('\n'),
  });
  return true;
}

async function linkOrigin(ctx: Ctx): Promise<string> {
  if (ctx.config.publicUrl) return ctx.config.publicUrl;
  return (await ctx.store.settings.get<{ origin: string }>('public_origin'))?.origin ?? '';
}
