/**
 * Licenses (API.md §11.3, docs/api.md "License"): an Ed25519-signed license names domains, a
 * user limit and an expiry. Without one installed the built-in default applies: no user limit.
 * With one, new accounts beyond its limit, or after it has expired, are refused with 451
 * (`requireSeat`, called in the account's transaction by every sign-up path).
 */
import type { License, LicenseRenewal } from '@parley/protocol';
import type { Actor, Ctx } from '../../context.js';
import { AppError, badRequest } from '../../errors.js';
import { requireAdmin } from '../../policy/index.js';
import type { Store } from '../../store/types.js';
import { audited } from '../audit.js';
import { readSetting, writeSetting } from '../settings.js';
import { decodeLicense, type LicensePayload } from './format.js';

/** The built-in default: every domain, no user limit, no expiry (API.md §11.3 recommendation). */
export const DEFAULT_LICENSE: License = {
  domains: ['*'],
  user_limit: 999_999,
  created_at: new Date(0).toISOString(),
  expired_at: new Date(Date.UTC(2999, 0, 1)).toISOString(),
  sign: true,
  base58: '',
};

const RENEW_TIMEOUT_MS = 10_000;

const view = (p: LicensePayload, text: string): License => ({
  domains: p.domains,
  user_limit: p.user_limit,
  created_at: new Date(p.created_at).toISOString(),
  expired_at: new Date(p.expired_at).toISOString(),
  sign: true,
  base58: text.trim(),
});

/** The installed license, or the default when none is (or it no longer verifies with the key). */
async function installed(ctx: Ctx, store: Store): Promise<License> {
  const text = await readSetting(store, 'license');
  if (!text) return DEFAULT_LICENSE;
  const payload = decodeLicense(text, ctx.config.license.publicKey);
  return typeof payload === 'string' ? DEFAULT_LICENSE : view(payload, text);
}

export const getLicense = (ctx: Ctx): Promise<License> => installed(ctx, ctx.store);

/** A license that verifies and has not expired at `now`, or 400 with the reason. */
function parse(ctx: Ctx, text: string): License {
  const payload = decodeLicense(text, ctx.config.license.publicKey);
  if (typeof payload === 'string') throw badRequest(`invalid license: ${payload}`);
  if (Date.parse(payload.expired_at) <= ctx.now()) throw badRequest('invalid license: it has expired');
  return view(payload, text);
}

export function checkLicense(ctx: Ctx, actor: Actor, text: string): License {
  requireAdmin(actor);
  return parse(ctx, text);
}

export async function putLicense(ctx: Ctx, actor: Actor, text: string): Promise<true> {
  requireAdmin(actor);
  const license = parse(ctx, text);
  await install(ctx, actor, license);
  return true;
}

async function install(ctx: Ctx, actor: Actor, license: License): Promise<void> {
  await audited(ctx, actor, async (tx, audit) => {
    await writeSetting(tx, 'license', license.base58);
    await audit(
      'settings.license',
      'settings:license',
      `user limit ${license.user_limit}, until ${license.expired_at.slice(0, 10)}`,
    );
  });
}

/**
 * Refuses a new account (451) when the installed license is expired or its user limit is reached.
 * Called inside the account's transaction, with the store of that transaction; the count holds a
 * lock until that transaction ends, so concurrent sign-ups cannot both take the last seat.
 */
export async function requireSeat(ctx: Ctx, tx: Store): Promise<void> {
  const license = await installed(ctx, tx);
  if (license.base58 === '') return;
  if (Date.parse(license.expired_at) <= ctx.now())
    throw new AppError('license_limit', 'Your license has expired');
  if ((await tx.users.countForSeat()) >= license.user_limit)
    throw new AppError('license_limit', 'Your license has reached the limit');
}

/** Where the administrator pays for a renewal (SPEC §4), or `enabled: false` without a service. */
export function licenseRenewal(ctx: Ctx, actor: Actor, domain: string): LicenseRenewal {
  requireAdmin(actor);
  const base = ctx.config.license.serviceUrl;
  if (!base) return { enabled: false, payment_url: '' };
  return { enabled: true, payment_url: `${base}/pay?domain=${encodeURIComponent(domain)}` };
}

/**
 * The confirm step of a renewal: the license service hands out the license paid for in the
 * payment session `sessionId`; it is verified like any other and installed.
 */
export async function renewLicense(ctx: Ctx, actor: Actor, sessionId: string): Promise<License> {
  requireAdmin(actor);
  const base = ctx.config.license.serviceUrl;
  if (!base) throw new AppError('precondition_failed', 'no license service is configured');
  let res: Response;
  try {
    res = await fetch(`${base}/license?session_id=${encodeURIComponent(sessionId)}`, {
      redirect: 'error',
      signal: AbortSignal.timeout(RENEW_TIMEOUT_MS),
    });
  } catch {
    throw new AppError('unavailable', 'the license service cannot be reached');
  }
  if (res.status >= 400 && res.status < 500) throw badRequest('invalid payment session ID');
  if (!res.ok) throw new AppError('unavailable', 'the license service failed');
  const body = (await res.json().catch(() => null)) as { license?: unknown } | null;
  if (typeof body?.license !== 'string') throw new AppError('unavailable', 'the license service failed');
  const license = parse(ctx, body.license);
  await install(ctx, actor, license);
  return license;
}
