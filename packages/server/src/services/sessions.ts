/** Sign-in, token renewal with rotation and reuse detection, logout, and request authentication. */
import {
  LIMITS,
  type LoginRequest,
  type LoginResponse,
  type PasswordCredential,
  type RenewResponse,
} from '@parley/protocol';
import { verifyPassword } from '../auth/passwords.js';
import { isCanonicalBase64url, randomToken, sha256 } from '../auth/tokens.js';
import type { Actor, Ctx } from '../context.js';
import { AppError, forbidden, notFound, unauthorized } from '../errors.js';
import type { UserRecord } from '../store/types.js';
import { guestSessionAllowed, isGuestAccount } from '../policy/guests.js';
import { pruneDevices } from './devices.js';
import { readSetting } from './settings.js';
import { requireNoSecondFactor } from './two-factor/challenge.js';
import { userInfo } from './views.js';

const DEFAULT_DEVICE = 'unknown';

/** `address` is the client's IP address, for the login rate limit. */
export async function login(
  ctx: Ctx,
  req: LoginRequest & { credential: PasswordCredential },
  address: string,
): Promise<LoginResponse> {
  const config = await readSetting(ctx.store, 'loginConfig');
  if (!config.password) throw forbidden('password login is disabled');
  const email = req.credential.email.trim().toLowerCase();
  const attempt = await ctx.loginLimit.reserve(address, email, 'login');
  const user = await ctx.store.users.getByEmail(email);
  if (!user || user.create_by === 'guest') {
    attempt.failed('no such user');
    throw notFound('no such user');
  }
  if (!(await verifyPassword(user.password_hash, req.credential.password))) {
    attempt.failed('wrong password');
    throw unauthorized('wrong password');
  }
  await attempt.succeeded();
  if (user.status === 'frozen') throw new AppError('locked', 'account is frozen');
  await requireNoSecondFactor(ctx, user, req.device, req.device_token ?? null);
  return issueSession(ctx, user, req.device, req.device_token ?? null);
}

/** Binds a fresh session to (uid, device): tokens of an earlier session on that device stop working. */
export async function issueSession(
  ctx: Ctx,
  user: UserRecord,
  device: string | undefined,
  deviceToken: string | null,
): Promise<LoginResponse> {
  const now = ctx.now();
  const dev = device?.trim() || DEFAULT_DEVICE;
  const sessionId = randomToken(12);
  await ctx.store.sessions.upsertDevice({
    uid: user.uid,
    device: dev,
    session_id: sessionId,
    device_token: deviceToken || null,
    created_at: now,
    updated_at: now,
  });
  await pruneDevices(ctx, user.uid, dev);
  const pair = await mintPair(ctx, user.uid, dev, sessionId, now);
  await ctx.store.sessions.insertRefreshToken(
    refreshRecord(user.uid, dev, sessionId, pair.refresh_token, now),
  );
  // The device's earlier session ended with this sign-in; its refresh tokens can go.
  await ctx.store.sessions.pruneRefreshTokens(user.uid, dev, sessionId, now, KEEP_SPENT_TOKENS);
  return { server_id: ctx.serverId, ...pair, user: userInfo(user), initialized: true };
}

/** Spent refresh tokens kept per device beyond the current one, so that reuse is recognised. */
const KEEP_SPENT_TOKENS = 3;

async function mintPair(
  ctx: Ctx,
  uid: number,
  device: string,
  sessionId: string,
  now: number,
  /** Set when renewing: the pair is derived from the spent token, so a replay gets the same pair. */
  spent?: string,
): Promise<RenewResponse> {
  const nonce = spent === undefined ? undefined : ctx.signer.derive('access-nonce', spent, 6);
  const token = await ctx.signer.sign({ uid, device, sid: sessionId }, LIMITS.accessTokenSeconds, now, nonce);
  const refresh = spent === undefined ? randomToken(32) : ctx.signer.derive('refresh-successor', spent);
  return { token, refresh_token: refresh, expired_in: LIMITS.accessTokenSeconds };
}

function refreshRecord(uid: number, device: string, sessionId: string, refresh: string, now: number) {
  return {
    token_hash: sha256(refresh),
    uid,
    device,
    session_id: sessionId,
    expires_at: now + LIMITS.refreshTokenSeconds * 1000,
    spent_at: null,
  };
}

/**
 * Rotates the refresh token. A token spent within the grace window answers with the same
 * successor pair (the client may renew twice at once); any later reuse is taken as theft and
 * ends that device's session. Every failure is 401 (API.md §15.4).
 *
 * The successor pair is derived from the spent token with the server's key rather than stored:
 * the database holds only hashes, and a replay (which presents the spent token) derives it again.
 */
export async function renew(ctx: Ctx, body: unknown): Promise<RenewResponse> {
  const { token, refresh_token: refresh } = (body ?? {}) as Record<string, unknown>;
  if (typeof token !== 'string' || typeof refresh !== 'string' || !token || !refresh) throw unauthorized();
  if (!isCanonicalBase64url(refresh)) throw unauthorized();
  const now = ctx.now();
  const claims = await ctx.signer.verify(token, now, { allowExpired: true });
  if (!claims) throw unauthorized();
  const hash = sha256(refresh);
  const stored = await ctx.store.sessions.getRefreshToken(hash);
  if (
    !stored ||
    stored.uid !== claims.uid ||
    stored.device !== claims.device ||
    stored.session_id !== claims.sid
  ) {
    throw unauthorized();
  }
  const device = await ctx.store.sessions.getDevice(stored.uid, stored.device);
  if (!device || device.session_id !== stored.session_id || stored.expires_at <= now) throw unauthorized();

  if (stored.spent_at !== null) return replayOrRevoke(ctx, stored, refresh, stored.spent_at, now);

  const user = await ctx.store.users.get(stored.uid);
  if (!user || user.status === 'frozen') throw unauthorized();
  const { uid, device: dev, session_id: sid } = stored;
  return ctx.store
    .transaction(async (tx) => {
      // Spent first: of concurrent renewals only the winner inserts the (identical) successor.
      if (!(await tx.sessions.spendRefreshToken(hash, now))) throw new LostRace();
      const pair = await mintPair(ctx, uid, dev, sid, now, refresh);
      await tx.sessions.insertRefreshToken(refreshRecord(uid, dev, sid, pair.refresh_token, now));
      await tx.sessions.pruneRefreshTokens(uid, dev, sid, now, KEEP_SPENT_TOKENS);
      return pair;
    })
    .catch(async (err: unknown) => {
      if (!(err instanceof LostRace)) throw err;
      const again = await ctx.store.sessions.getRefreshToken(hash);
      return replayOrRevoke(ctx, stored, refresh, again?.spent_at ?? now, now);
    });
}

class LostRace extends Error {}

async function replayOrRevoke(
  ctx: Ctx,
  stored: { uid: number; device: string; session_id: string },
  refresh: string,
  spentAt: number,
  now: number,
): Promise<RenewResponse> {
  if (now - spentAt <= LIMITS.refreshGraceSeconds * 1000)
    return mintPair(ctx, stored.uid, stored.device, stored.session_id, spentAt, refresh);
  await ctx.store.sessions.deleteDevice(stored.uid, stored.device);
  ctx.log.warn(
    { uid: stored.uid, device: stored.device },
    'refresh token reused after its grace window; session revoked',
  );
  throw unauthorized();
}

export async function logout(ctx: Ctx, actor: Actor): Promise<void> {
  await ctx.store.sessions.deleteDevice(actor.uid, actor.device);
  await ctx.bus.publish({
    audience: { kind: 'device', uid: actor.uid, device: actor.device },
    event: { type: 'kick', reason: 'logout' },
    close: true,
  });
}

/** Resolves an access token to its actor, or throws 401 (expired, forged, revoked, frozen). */
export async function authenticate(ctx: Ctx, token: string | undefined): Promise<Actor> {
  if (!token) throw unauthorized();
  const claims = await ctx.signer.verify(token, ctx.now());
  if (!claims) throw unauthorized();
  const [device, user] = await Promise.all([
    ctx.store.sessions.getDevice(claims.uid, claims.device),
    ctx.store.users.get(claims.uid),
  ]);
  if (!device || device.session_id !== claims.sid || !user || user.status === 'frozen') throw unauthorized();
  if (isGuestAccount(user) && !guestSessionAllowed(user, await readSetting(ctx.store, 'loginConfig')))
    throw unauthorized();
  return {
    user,
    uid: user.uid,
    device: claims.device,
    isAdmin: user.is_admin,
    isGuest: isGuestAccount(user),
  };
}
