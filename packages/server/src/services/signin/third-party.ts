/**
 * Third-party sign-in (API.md §2.1–§2.2, §3; docs/third-party.md). The server keeps one secret;
 * a site that holds it mints a key for one of its users (`userid`, `username`), and the
 * browser signs in with the `thirdparty` credential. A key is single use and lives 120 s; only
 * its SHA-256 is stored, with the other sign-in challenges, so any node can take it. The site's
 * `userid` is linked to the account it made (`signin_links`, method `thirdparty`), so the same
 * user gets the same account every time; that account has no e-mail or password.
 */
import {
  THIRD_PARTY_KEY_TTL_SECONDS,
  type CreateThirdPartyKeyRequest,
  type LoginRequest,
  type LoginResponse,
  type ThirdPartyCredential,
} from '@parley/protocol';
import { randomToken, sha256 } from '../../auth/tokens.js';
import type { Actor, Ctx } from '../../context.js';
import { AppError, unauthorized } from '../../errors.js';
import { holdsSecret, requireThirdPartyAdmin, requireThirdPartyOn } from '../../policy/third-party.js';
import type { UserRecord } from '../../store/types.js';
import { record } from '../audit.js';
import { cleanName } from '../names.js';
import { issueSession } from '../sessions.js';
import { readSetting, SETTINGS, writeSetting } from '../settings.js';
import { requireNoSecondFactor } from '../two-factor/challenge.js';
import { availableName, createAccount } from '../users.js';

const KIND = 'thirdparty';
const keyHash = (key: string) => sha256(`${KIND}:${key}`);
const SECRET_KEY = SETTINGS.thirdPartySecret.key;

/** The secret, made on first use; when two nodes make one at once, the first stored wins. */
async function currentSecret(ctx: Ctx): Promise<string> {
  const stored = await readSetting(ctx.store, 'thirdPartySecret');
  if (stored) return stored;
  return ctx.store.settings.setIfAbsent(SECRET_KEY, randomToken(32));
}

/** `GET /admin/system/third_party_secret`. */
export async function getSecret(ctx: Ctx, actor: Actor): Promise<string> {
  requireThirdPartyAdmin(actor);
  return currentSecret(ctx);
}

/** `POST /admin/system/third_party_secret`: a new secret; keys minted already stay valid until they expire. */
export async function regenerateSecret(ctx: Ctx, actor: Actor): Promise<string> {
  requireThirdPartyAdmin(actor);
  const secret = randomToken(32);
  await writeSetting(ctx.store, 'thirdPartySecret', secret);
  await record(ctx, actor, 'settings.signin', 'settings:third_party_secret', 'regenerated');
  return secret;
}

/**
 * `POST /token/create_third_party_key`. A wrong secret counts against the caller's address, so
 * guessing is rate-limited like other sign-ins; a site with the right one is not slowed down.
 */
export async function createKey(
  ctx: Ctx,
  secretHeader: string | string[] | undefined,
  req: CreateThirdPartyKeyRequest,
  ip: string,
): Promise<string> {
  const given = typeof secretHeader === 'string' ? secretHeader : undefined;
  if (!holdsSecret(given, await readSetting(ctx.store, 'thirdPartySecret'))) {
    await ctx.limits.lookup(ip);
    throw unauthorized('X-SECRET is missing or wrong');
  }
  requireThirdPartyOn(await readSetting(ctx.store, 'loginConfig'));
  const key = randomToken(24);
  const now = ctx.now();
  await ctx.store.signin.deleteExpiredChallenges(now);
  await ctx.store.signin.putChallenge({
    key_hash: keyHash(key),
    kind: KIND,
    data: JSON.stringify({ userid: req.userid, username: req.username }),
    expires_at: now + THIRD_PARTY_KEY_TTL_SECONDS * 1000,
  });
  return key;
}

/** The `thirdparty` credential of `POST /token/login`: the key is spent whatever follows. */
export async function thirdPartyLogin(
  ctx: Ctx,
  req: LoginRequest & { credential: ThirdPartyCredential },
  ip: string,
): Promise<LoginResponse> {
  requireThirdPartyOn(await readSetting(ctx.store, 'loginConfig'));
  await ctx.limits.lookup(ip);
  const found = await ctx.store.signin.takeChallenge(keyHash(req.credential.key), KIND, ctx.now());
  if (!found) throw unauthorized('the key is invalid, expired or used');
  const site = JSON.parse(found.data) as CreateThirdPartyKeyRequest;
  const user = await accountOf(ctx, site);
  if (user.status === 'frozen') throw new AppError('locked', 'account is frozen');
  const deviceToken = req.device_token ?? null;
  await requireNoSecondFactor(ctx, user, req.device, deviceToken);
  return issueSession(ctx, user, req.device, deviceToken);
}

/** The account linked to the site's user, made on first sign-in (the site vouches for it, so sign-up rules do not apply). */
async function accountOf(ctx: Ctx, site: CreateThirdPartyKeyRequest): Promise<UserRecord> {
  const linked = await linkedAccount(ctx, site.userid);
  if (linked) return linked;
  const name = await availableName(ctx.store, cleanName(site.username.trim() || 'user'));
  const now = ctx.now();
  try {
    return await createAccount(
      ctx,
      {
        email: null,
        name,
        gender: 0,
        language: 'en-US',
        is_admin: false,
        is_bot: false,
        avatar_updated_at: 0,
        create_by: 'thirdparty',
        password_hash: null,
        status: 'normal',
        created_at: now,
        updated_at: now,
      },
      {
        created: async (tx, user) => {
          const link = {
            method: KIND,
            issuer: '',
            subject: site.userid,
            uid: user.uid,
            created_at: now,
          } as const;
          if (!(await tx.signin.addLink(link))) throw new AppError('conflict', 'linked meanwhile');
        },
      },
    );
  } catch (err) {
    // Two first sign-ins of the same user at once: the other one made the account.
    const other = await linkedAccount(ctx, site.userid);
    if (other) return other;
    throw err;
  }
}

async function linkedAccount(ctx: Ctx, userid: string): Promise<UserRecord | undefined> {
  const uid = await ctx.store.signin.findLink(KIND, '', userid);
  return uid === undefined ? undefined : ctx.store.users.get(uid);
}
