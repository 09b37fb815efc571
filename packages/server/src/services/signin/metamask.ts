/**
 * MetaMask sign-in (API.md §2.1–§2.2): `GET /token/metamask/nonce` hands out a random nonce for an
 * address (single use, 5 minutes); the `metamask` credential is that nonce signed by the address
 * (EIP-191 `personal_sign`), checked with viem.
 */
import type { MetamaskCredential } from '@parley/protocol';
import { lazyModule } from '../../lazy-module.js';
import { randomToken, sha256 } from '../../auth/tokens.js';
import type { Ctx } from '../../context.js';
import { badRequest, forbidden, unauthorized } from '../../errors.js';
import { readSetting } from '../settings.js';
import type { Identity } from './accounts.js';

const NONCE_TTL_MS = 5 * 60_000;
const loadViem = lazyModule(() => import('viem'));

async function addressOf(raw: string): Promise<string> {
  const { getAddress, isAddress } = await loadViem();
  if (!isAddress(raw, { strict: false })) throw badRequest('public_address is not an Ethereum address');
  return getAddress(raw).toLowerCase();
}

async function requireEnabled(ctx: Ctx): Promise<void> {
  if (!(await readSetting(ctx.store, 'loginConfig')).metamask)
    throw forbidden('MetaMask sign-in is disabled');
}

export async function createNonce(ctx: Ctx, rawAddress: string, ip: string): Promise<string> {
  await requireEnabled(ctx);
  const address = await addressOf(rawAddress);
  await ctx.limits.lookup(ip);
  const nonce = randomToken(16);
  const now = ctx.now();
  await ctx.store.signin.deleteExpiredChallenges(now);
  await ctx.store.signin.putChallenge({
    key_hash: sha256(`metamask:${nonce}`),
    kind: 'metamask',
    data: JSON.stringify({ address }),
    expires_at: now + NONCE_TTL_MS,
  });
  return nonce;
}

/** The address a valid credential proves; the nonce is spent whatever the outcome. */
export async function metamaskIdentity(
  ctx: Ctx,
  credential: MetamaskCredential,
  ip: string,
): Promise<Identity> {
  await requireEnabled(ctx);
  const address = await addressOf(credential.public_address);
  const { getAddress, isHex, verifyMessage } = await loadViem();
  if (!isHex(credential.signature)) throw badRequest('signature is not hex');
  await ctx.limits.lookup(ip);
  const found = await ctx.store.signin.takeChallenge(
    sha256(`metamask:${credential.nonce}`),
    'metamask',
    ctx.now(),
  );
  if (!found || (JSON.parse(found.data) as { address: string }).address !== address)
    throw unauthorized('the nonce is invalid, expired or used');
  let valid: boolean;
  try {
    valid = await verifyMessage({
      address: getAddress(address),
      message: credential.nonce,
      signature: credential.signature,
    });
  } catch {
    valid = false;
  }
  if (!valid) throw unauthorized('the signature does not match the address');
  return { method: 'metamask', issuer: '', subject: address, email: null, name: address.slice(0, 10) };
}
