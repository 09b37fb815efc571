/**
 * Access tokens are short-lived HS256 JWTs bound to a (uid, device, session); refresh tokens are
 * opaque random strings stored only as SHA-256 hashes. Logging in again or out changes or deletes
 * the session, which revokes every token carrying the old one.
 *
 * HS256 is computed with node:crypto rather than jose: jose verifies through WebCrypto on the
 * thread pool, which cost 80–190 µs per request here and queued for up to 130 ms under load
 * (docs/benchmarks.md); an HMAC on the calling thread costs a few µs. Only this one fixed header
 * is accepted, so no other algorithm can be smuggled in.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface AccessClaims {
  uid: number;
  device: string;
  sid: string;
  /** Seconds since epoch. */
  exp: number;
}

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * Whether `text` is the one canonical base64url spelling of its bytes: no padding, and the unused
 * low bits of the last character zero. Node's decoder ignores both, so without this check several
 * strings decode to the same signature and "changed" tokens still verify.
 */
export const isCanonicalBase64url = (text: string): boolean =>
  BASE64URL.test(text) && Buffer.from(text, 'base64url').toString('base64url') === text;

/** The bytes of a canonical base64url string, or undefined for any other spelling. */
const decodeCanonical = (text: string): Buffer | undefined =>
  isCanonicalBase64url(text) ? Buffer.from(text, 'base64url') : undefined;

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** Tokens whose signature was checked (~250 B each), kept so a client's next request skips the HMAC and parse. */
const VERIFIED_MAX = 4096;

export class TokenSigner {
  private readonly key: Buffer;
  /**
   * Claims of tokens this key signed, by token text: what verify would decode again, since a
   * token's text fixes its claims. Only tokens with a valid signature get in, so nobody else can
   * fill it; expiry is still checked on every call, and revocation is the session check's job
   * (`services/sessions.ts`), as before. Emptied when full.
   */
  private readonly verified = new Map<string, AccessClaims>();

  constructor(secret: string) {
    this.key = Buffer.from(secret, 'base64url');
  }

  /** `nonce` makes the token unique; given the same one (and time), the same token comes out. */
  async sign(
    claims: Omit<AccessClaims, 'exp'>,
    lifetimeSeconds: number,
    nowMs: number,
    nonce: string = randomToken(6),
  ): Promise<string> {
    const iat = Math.floor(nowMs / 1000);
    const payload = {
      sub: String(claims.uid),
      dev: claims.device,
      sid: claims.sid,
      typ: 'access',
      n: nonce,
      iat,
      exp: iat + lifetimeSeconds,
    };
    const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /** Returns the claims, or undefined for anything malformed, forged or (unless allowed) expired. */
  async verify(
    token: string,
    nowMs: number,
    opts: { allowExpired?: boolean } = {},
  ): Promise<AccessClaims | undefined> {
    const known = this.verified.get(token);
    if (known) return this.unexpired(known, nowMs, opts);
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
    const [, payloadPart, signaturePart] = parts as [string, string, string];
    const expected = this.mac(`${HEADER}.${payloadPart}`);
    const given = decodeCanonical(signaturePart);
    if (!given || given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const payloadBytes = decodeCanonical(payloadPart);
    if (!payloadBytes) return undefined;
    let payload: unknown;
    try {
      payload = JSON.parse(payloadBytes.toString('utf8'));
    } catch {
      return undefined;
    }
    if (payload === null || typeof payload !== 'object') return undefined;
    const { sub, dev, sid, typ, exp } = payload as Record<string, unknown>;
    const uid = Number(sub);
    if (
      typ !== 'access' ||
      !Number.isSafeInteger(uid) ||
      typeof dev !== 'string' ||
      typeof sid !== 'string'
    ) {
      return undefined;
    }
    if (typeof exp !== 'number') return undefined;
    const claims = { uid, device: dev, sid, exp };
    if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
    this.verified.set(token, claims);
    return this.unexpired(claims, nowMs, opts);
  }

  /** A copy of the claims unless they have expired (and that is not allowed). */
  private unexpired(
    claims: AccessClaims,
    nowMs: number,
    opts: { allowExpired?: boolean },
  ): AccessClaims | undefined {
    if (!opts.allowExpired && claims.exp * 1000 <= nowMs) return undefined;
    return { ...claims };
  }

  /**
   * A secret value that only the holder of `input` (and the server) can know, the same every
   * time: `purpose` keeps values for different uses apart.
   */
  derive(purpose: string, input: string, bytes = 32): string {
    return this.mac(`derive\u0000${purpose}\u0000${input}`).subarray(0, bytes).toString('base64url');
  }

  private mac(data: string): Buffer {
    return createHmac('sha256', this.key).update(data).digest();
  }
}
