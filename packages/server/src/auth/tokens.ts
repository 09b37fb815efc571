/**
 * Access tokens are short-lived HS256 JWTs bound to a (uid, device, session); refresh tokens are
 * opaque random strings stored only as SHA-256 hashes. Logging in again or out changes or deletes
 * the session, which revokes every token carrying the old one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  uid: number;
  device: string;
  sid: string;
  /** Seconds since epoch. */
  exp: number;
}

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = Buffer.from(secret, 'base64url');
  }

  async sign(claims: Omit<AccessClaims, 'exp'>, lifetimeSeconds: number, nowMs: number): Promise<string> {
    const iat = Math.floor(nowMs / 1000);
    return new SignJWT({ dev: claims.device, sid: claims.sid, typ: 'access', n: randomToken(6) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.uid))
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimeSeconds)
      .sign(this.key);
  }

  /** Returns the claims, or undefined for anything malformed, forged or (unless allowed) expired. */
  async verify(
    token: string,
    nowMs: number,
    opts: { allowExpired?: boolean } = {},
  ): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(nowMs),
        ...(opts.allowExpired ? { clockTolerance: 10 * 365 * 24 * 3600 } : {}),
      });
      const uid = Number(payload.sub);
      if (
        payload.typ !== 'access' ||
        !Number.isInteger(uid) ||
        typeof payload.dev !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.exp !== 'number'
      ) {
        return undefined;
      }
      return { uid, device: payload.dev, sid: payload.sid, exp: payload.exp };
    } catch {
      return undefined;
    }
  }
}
