/**
 * TOTP secrets at rest: sealed with the server's secret box (AES-256-GCM, key outside the database,
 * `auth/secret-box.ts`), bound to their account's uid. A row from before encryption holds the
 * base32 secret itself: it is sealed the first time it is read.
 */
import type { Ctx } from '../../context.js';
import { SecretBox } from '../../auth/secret-box.js';
import type { TotpRecord } from '../../store/types.js';

const context = (uid: number) => `totp:${uid}`;

export const sealTotpSecret = (ctx: Ctx, uid: number, secret: string): string =>
  ctx.secretBox.seal(secret, context(uid));

/**
 * The account's second factor with its secret readable, or undefined when it has none. A secret
 * this node cannot open (another key) is logged and treated as no match: `secret` is then empty.
 */
export async function loadTotp(ctx: Ctx, uid: number): Promise<TotpRecord | undefined> {
  const row = await ctx.store.totp.get(uid);
  if (!row) return undefined;
  if (!SecretBox.isSealed(row.secret)) {
    await ctx.store.totp.replaceSecret(uid, row.secret, sealTotpSecret(ctx, uid, row.secret));
    return row;
  }
  const secret = ctx.secretBox.open(row.secret, context(uid));
  if (secret === undefined) {
    ctx.log.error({ uid }, 'a TOTP secret cannot be decrypted: is the secret key the same on every node?');
    return { ...row, secret: '' };
  }
  return { ...row, secret };
}

/** At start: seals every secret still stored as plaintext (rows from before encryption at rest). */
export async function sealStoredSecrets(ctx: Ctx): Promise<number> {
  let sealed = 0;
  for (const row of await ctx.store.totp.listUnsealed()) {
    if (await ctx.store.totp.replaceSecret(row.uid, row.secret, sealTotpSecret(ctx, row.uid, row.secret)))
      sealed++;
  }
  if (sealed > 0) ctx.log.info({ sealed }, 'TOTP secrets encrypted at rest');
  return sealed;
}
