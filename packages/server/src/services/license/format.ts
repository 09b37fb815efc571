/**
 * The license format (docs/api.md "License"): base58 of the payload's JSON bytes followed by the
 * 64-byte Ed25519 signature of those bytes. The payload: `{ domains, user_limit, created_at,
 * expired_at }` (RFC 3339 times). `scripts/issue-license.mjs` writes the same format.
 */
import { createPublicKey, verify } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const SIGNATURE_BYTES = 64;
/** A license is a few hundred characters; anything far longer is not one. */
const MAX_CHARS = 8_192;

export interface LicensePayload {
  domains: string[];
  user_limit: number;
  created_at: string;
  expired_at: string;
}

export function base58Decode(text: string): Buffer | undefined {
  let value = 0n;
  for (const ch of text) {
    const digit = ALPHABET.indexOf(ch);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn));
  const zeros = text.length - text.replace(/^1+/, '').length;
  return Buffer.from([...new Array<number>(zeros).fill(0), ...bytes]);
}

export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  let out = '';
  for (; value > 0n; value /= 58n) out = ALPHABET[Number(value % 58n)] + out;
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  return '1'.repeat(zeros) + out;
}

/** The public key object of a raw base64 Ed25519 key. */
export function ed25519PublicKey(rawBase64: string) {
  const spkiPrefix = Buffer.from('302a300506032b6570032100', 'hex');
  return createPublicKey({
    key: Buffer.concat([spkiPrefix, Buffer.from(rawBase64, 'base64')]),
    format: 'der',
    type: 'spki',
  });
}

/** The payload of a license signed by `publicKey`, or a reason it is not one. */
export function decodeLicense(text: string, publicKey: string): LicensePayload | string {
  const trimmed = text.trim();
  if (!trimmed || trimmed.length > MAX_CHARS) return 'not a license';
  const bytes = base58Decode(trimmed);
  if (!bytes || bytes.length <= SIGNATURE_BYTES) return 'not a license';
  const body = bytes.subarray(0, bytes.length - SIGNATURE_BYTES);
  const signature = bytes.subarray(bytes.length - SIGNATURE_BYTES);
  if (!verify(null, body, ed25519PublicKey(publicKey), signature)) return 'the signature does not match';
  let payload: unknown;
  try {
    payload = JSON.parse(body.toString('utf8'));
  } catch {
    return 'not a license';
  }
  return isPayload(payload) ? payload : 'not a license';
}

function isPayload(p: unknown): p is LicensePayload {
  if (typeof p !== 'object' || p === null) return false;
  const o = p as Record<string, unknown>;
  return (
    Array.isArray(o.domains) &&
    o.domains.every((d) => typeof d === 'string') &&
    typeof o.user_limit === 'number' &&
    Number.isSafeInteger(o.user_limit) &&
    o.user_limit >= 0 &&
    typeof o.created_at === 'string' &&
    !Number.isNaN(Date.parse(o.created_at)) &&
    typeof o.expired_at === 'string' &&
    !Number.isNaN(Date.parse(o.expired_at))
  );
}
