/** Sign-in, token renewal with rotation and reuse detection, logout, and request authentication. */
import { LIMITS, type LoginRequest, type LoginResponse, type RenewResponse } from '@parley/protocol';
import { verifyPassword } from '../auth/passwords.js';
import { isCanonicalBase64url, randomToken, sha256 } from '../auth/tokens.js';
import type { Actor, Ctx } from '../context.js';
import { AppError, forbidden, notFound, unauthorized } from '../errors.js';
import type { UserRecord } from '../store/types.js';
import { readSetting } from './settings.js';
import { userInfo } from './views.js';

const DEFAULT_DEVICE = 'unknown';

/** `address` is the client's IP address, for the login rate limit. */
export async function login(ctx: Ctx, req: LoginRequest, address: string): Promise<LoginResponse> {
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
  const pair = await mintPair(ctx, user.uid, dev, sessionId, now);
  return { server_id: ctx.serverId, ...pair, user: userInfo(user), initialized: true };
}

async function mintPair(
  ctx: Ctx,
  uid: number,
  device: string,
  sessionId: string,
  now: number,
): Promise<RenewResponse> {
  const token = await ctx.signer.sign({ uid, device, sid: sessionId }, LIMITS.accessTokenSeconds, now);
  const refresh = randomToken(32);
  await ctx.store.sessions.insertRefreshToken({
    token_hash: sha256(refresh),
    uid,
    device,
    session_id: sessionId,
    expires_at: now + LIMITS.refreshTokenSeconds * 1000,
    spent_at: null,
    successor: null,
  });
  return { token, refresh_token: refresh, expired_in: LIMITS.accessTokenSeconds };
}

/**
 * Rotates the refresh token. A token spent within the grace window answers with the same
 * successor pair (the client may renew twice at once); any later reuse is taken as theft and
 * ends that device's session. Every failure is 401 (API.md §15.4).
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

  if (stored.spent_at !== null)
    return replayOrRevoke(ctx, stored.uid, stored.device, stored.spent_at, stored.successor, now);

  const user = await ctx.store.users.get(stored.uid);
  if (!user || user.status === 'frozen') throw unauthorized();
  const spent = await ctx.store
    .transaction(async (tx) => {
      const pair = await mintPair({ ...ctx, store: tx }, stored.uid, stored.device, stored.session_id, now);
      const won = await tx.sessions.spendRefreshToken(hash, now, JSON.stringify(pair));
      if (!won) throw new LostRace();
      return pair;
    })
    .catch(async (err: unknown) => {
      if (!(err instanceof LostRace)) throw err;
      const again = await ctx.store.sessions.getRefreshToken(hash);
      return replayOrRevoke(
        ctx,
        stored.uid,
        stored.device,
        again?.spent_at ?? now,
        again?.successor ?? null,
        now,
      );
    });
  return spent;
}

class LostRace extends Error {}

async function replayOrRevoke(
  ctx: Ctx,
  uid: number,
  device: string,
  spentAt: number,
  successor: string | null,
  now: number,
): Promise<RenewResponse> {
  if (successor && now - spentAt <= LIMITS.refreshGraceSeconds * 1000)
    return JSON.parse(successor) as RenewResponse;
  await ctx.store.sessions.deleteDevice(uid, device);
  ctx.log.warn({ uid, device }, 'refresh token reused after its grace window; session revoked');
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
  return {
    user,
    uid: user.uid,
    device: claims.device,
    isAdmin: user.is_admin,
    isGuest: user.create_by === 'guest',
  };
}
