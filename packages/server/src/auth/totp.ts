/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) with node:crypto: six digits,
 * 30-second steps, HMAC-SHA1 (what every authenticator app expects), a secret of 20 random bytes
 * shown in base32 (RFC 4648, no padding) and as an `otpauth://` URL.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now, for clocks that drift. */
export const TOTP_WINDOW = 1;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Undefined for anything but base32 letters (case and spaces ignored, padding allowed). */
export function base32Decode(text: string): Buffer | undefined {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const index = ALPHABET.indexOf(ch);
    if (index < 0) return undefined;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** RFC 4226 §5.3: the dynamically truncated HMAC of the 8-byte counter, as `digits` digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const totpStep = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);

/** The code of the step that contains `nowMs`. */
export const totpAt = (secret: string, nowMs: number): string =>
  hotp(base32Decode(secret) ?? Buffer.alloc(0), totpStep(nowMs));

/**
 * The step a code belongs to, looked for within the window around now (the nearest first), or
 * undefined. Comparisons take the same time whatever the digits.
 */
export function matchTotp(secret: string, code: string, nowMs: number): number | undefined {
  const key = base32Decode(secret);
  // An empty key (a secret that could not be read) matches nothing.
  if (!key || key.length === 0 || !/^\d{6}$/.test(code)) return undefined;
  const now = totpStep(nowMs);
  let found: number | undefined;
  for (const delta of [0, -1, 1, -2, 2].filter((d) => Math.abs(d) <= TOTP_WINDOW)) {
    const expected = Buffer.from(hotp(key, now + delta));
    if (timingSafeEqual(expected, Buffer.from(code)) && found === undefined) found = now + delta;
  }
  return found;
}

/** The key URI authenticator apps read (Google Authenticator's format). */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
