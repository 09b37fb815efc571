/**
 * Bot API keys: `pb.<prefix>.<secret>`, shown once at creation and stored as SHA-256 with the
 * visible `pb.<prefix>`. Every request looks the key up, so a revoked key fails at once on every
 * node. The last use is written at most once per `TOUCH_INTERVAL_MS`.
 */
import type { BotKey, CreateBotKeyRequest } from '@parley/protocol';
import { isCanonicalBase64url, randomToken, sha256 } from '../auth/tokens.js';
import type { Actor, Ctx } from '../context.js';
import { badRequest, conflict, notFound, unauthorized } from '../errors.js';
import { botMayAct, loadManagedBot } from '../policy/bots.js';
import { isUniqueViolation } from '../store/index.js';
import { audited } from './audit.js';

const SCHEME = 'pb';
const PREFIX_BYTES = 6;
const SECRET_BYTES = 32;
const TOUCH_INTERVAL_MS = 30_000;

export async function createBotKey(
  ctx: Ctx,
  actor: Actor,
  uid: number,
  req: CreateBotKeyRequest,
): Promise<string> {
  await loadManagedBot(ctx, actor, uid);
  const name = req.name.trim();
  if (!name) throw badRequest('name is empty');
  const prefix = `${SCHEME}.${randomToken(PREFIX_BYTES)}`;
  const key = `${prefix}.${randomToken(SECRET_BYTES)}`;
  try {
    await audited(ctx, actor, async (tx, audit) => {
      const { id } = await tx.bots.createKey({
        uid,
        name,
        prefix,
        key_hash: sha256(key),
        created_at: ctx.now(),
      });
      await audit('bot.key_create', `user:${uid}`, `key ${id} "${name}" ${prefix}…`);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('name_conflict');
    throw err;
  }
  return key;
}

export async function listBotKeys(ctx: Ctx, actor: Actor, uid: number): Promise<BotKey[]> {
  await loadManagedBot(ctx, actor, uid);
  const keys = await ctx.store.bots.listKeys(uid);
  return keys.map((k) => ({
    id: k.id,
    name: k.name,
    key: `${k.prefix}…`,
    created_at: k.created_at,
    last_used: k.last_used,
  }));
}

export async function deleteBotKey(ctx: Ctx, actor: Actor, uid: number, kid: number): Promise<void> {
  await loadManagedBot(ctx, actor, uid);
  await audited(ctx, actor, async (tx, audit) => {
    if (!(await tx.bots.deleteKey(uid, kid))) throw notFound('no such key');
    await audit('bot.key_revoke', `user:${uid}`, `key ${kid}`);
  });
}

/** Whether `key` is spelled exactly as this server issues keys (one canonical encoding). */
function wellFormed(key: string): boolean {
  const parts = key.split('.');
  if (parts.length !== 3 || parts[0] !== SCHEME) return false;
  const [, prefix, secret] = parts as [string, string, string];
  return (
    prefix.length === Math.ceil((PREFIX_BYTES * 4) / 3) &&
    secret.length === Math.ceil((SECRET_BYTES * 4) / 3) &&
    isCanonicalBase64url(prefix) &&
    isCanonicalBase64url(secret)
  );
}

/** Resolves a bot key to the bot as an actor, or throws 401. */
export async function authenticateBot(ctx: Ctx, key: string | undefined): Promise<Actor> {
  if (!key || !wellFormed(key)) throw unauthorized();
  const row = await ctx.store.bots.keyByHash(sha256(key));
  if (!row) throw unauthorized();
  const user = await ctx.store.users.get(row.uid);
  if (!botMayAct(user)) throw unauthorized();
  const now = ctx.now();
  if (row.last_used === null || row.last_used < now - TOUCH_INTERVAL_MS)
    await ctx.store.bots.touchKey(row.id, now, now - TOUCH_INTERVAL_MS);
  return { user, uid: user.uid, device: `bot:${row.id}`, isAdmin: false, isGuest: false };
}
