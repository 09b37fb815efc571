#!/usr/bin/env node
/**
 * Issues Parley licenses (docs/api.md "License") for whoever holds the private key.
 *
 *   node scripts/issue-license.mjs keygen
 *     prints a new key pair: LICENSE_PUBLIC_KEY for the server, the private key for this tool.
 *   LICENSE_PRIVATE_KEY=<base64> node scripts/issue-license.mjs issue \
 *       --domains chat.example.com,*.example.org --users 50 --days 365   (or --until 2027-12-31T00:00:00Z)
 *     prints the license text (base58), which an administrator installs in Settings › License.
 *
 * The format: base58 of the payload's JSON bytes followed by their 64-byte Ed25519 signature.
 */
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function base58(bytes) {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  let out = '';
  for (; value > 0n; value /= 58n) out = ALPHABET[Number(value % 58n)] + out;
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  return '1'.repeat(zeros) + out;
}

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function option(args, name) {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

export function keygen() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64'),
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(16).toString('base64'),
  };
}

/** The license text for `payload` signed with a raw base64 Ed25519 private key. */
export function issue(privateKeyBase64, payload) {
  const raw = Buffer.from(privateKeyBase64, 'base64');
  if (raw.length !== 32) throw new Error('the private key must be 32 bytes of base64');
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, raw]), format: 'der', type: 'pkcs8' });
  const body = Buffer.from(JSON.stringify(payload), 'utf8');
  return base58(Buffer.concat([body, sign(null, body, key)]));
}

function main(argv) {
  const [command, ...args] = argv;
  if (command === 'keygen') {
    const { publicKey, privateKey } = keygen();
    process.stdout.write(`LICENSE_PUBLIC_KEY=${publicKey}\nLICENSE_PRIVATE_KEY=${privateKey}\n`);
    return;
  }
  if (command !== 'issue') fail('usage: issue-license.mjs keygen | issue --domains a,b --users N --days N');
  const privateKey = process.env.LICENSE_PRIVATE_KEY ?? fail('LICENSE_PRIVATE_KEY is not set');
  const domains = (option(args, 'domains') ?? '*')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  const users = Number(option(args, 'users') ?? fail('--users is required'));
  const days = Number(option(args, 'days') ?? '365');
  if (!Number.isSafeInteger(users) || users < 0) fail('--users must be a whole number');
  if (!Number.isFinite(days) || days <= 0) fail('--days must be a positive number');
  if (domains.some((d) => d.includes(':'))) fail('domains are given without a port');
  const now = Date.now();
  // `--until` names the expiry itself (RFC 3339) instead of `--days` from now.
  const until = option(args, 'until');
  if (until !== undefined && Number.isNaN(Date.parse(until))) fail('--until must be an RFC 3339 time');
  const license = issue(privateKey, {
    domains,
    user_limit: users,
    created_at: new Date(now).toISOString(),
    expired_at: new Date(until ?? now + days * 86_400_000).toISOString(),
  });
  process.stdout.write(`${license}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
