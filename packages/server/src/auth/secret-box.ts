/**
 * Encryption at rest for secrets the server must read back (TOTP secrets): AES-256-GCM with a key
 * that is never in the database — `PARLEY_SECRET_KEY` when set, else the file `secret.key` in the
 * data directory, created with mode 0600 on first start (docs/deploy.md, "Secret key"). Every
 * node of a scaled deployment needs the same key.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const SECRET_KEY_FILE = 'secret.key';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
    this.#key = key;
  }

  /** `v1:` and base64url of IV, tag and ciphertext; `context` (e.g. the uid) binds it to its row. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The plaintext, or undefined when the value was sealed with another key or context, or altered. */
  open(sealed: string, context: string): string | undefined {
    if (!SecretBox.isSealed(sealed)) return undefined;
    const raw = Buffer.from(sealed.slice(VERSION.length + 1), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return undefined;
    }
  }

  static isSealed(value: string): boolean {
    return value.startsWith(`${VERSION}:`);
  }
}

/** `PARLEY_SECRET_KEY`: 32 bytes as 64 hex digits or base64/base64url; undefined when unusable. */
export function parseSecretKey(raw: string): Buffer | undefined {
  const text = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) return undefined;
  const key = Buffer.from(text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url');
  return key.length === 32 ? key : undefined;
}

/**
 * The configured key, else the data directory's key file, created on first start. Nodes starting
 * together race to create it: the file is written aside and linked into place, so a reader never
 * sees half a key and exactly one key wins.
 */
export async function loadSecretKey(configured: Buffer | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(tmp, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
  const key = await readKeyFile(file);
  if (!key) throw new Error(`${file} does not hold a 32-byte key`);
  return key;
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const key = parseSecretKey(text);
  if (!key) throw new Error(`${file} does not hold a 32-byte key`);
  return key;
}
