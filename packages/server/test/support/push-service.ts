/**
 * A Web Push service stand-in on loopback (issue 16): it accepts pushes on `/push/<name>`, keeps
 * what it received, and answers each endpoint with the status a test chose (201 by default). A
 * test subscribes with keys of its own (`newPushKeys`) and decrypts what arrived
 * (`decryptPush`, RFC 8291 `aes128gcm` with node:crypto only), as a browser would.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushService {
  url: string;
  received: ReceivedPush[];
  /** The endpoint URL of a subscription named `name`. */
  endpoint(name: string): string;
  /**
   * The status answered for `name` from now on; `hang` never answers (a dead endpoint). Another
   * status also answers the requests to `name` still hanging: the endpoint is back.
   */
  answer(name: string, status: number | 'hang'): void;
  /** What arrived for `name`. */
  pushesTo(name: string): ReceivedPush[];
  stop(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number | 'hang'>();
  /** Requests left hanging, by name: a server closing would otherwise wait out their timeout. */
  const hanging = new Map<string, (() => void)[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const name = path.replace(/^\/push\//, '');
      const reply = () => {
        const answer = answers.get(name) ?? 201;
        if (answer === 'hang') return void hanging.set(name, [...(hanging.get(name) ?? []), reply]);
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = answer;
        res.end();
      };
      reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    endpoint: (name) => `${url}/push/${name}`,
    answer: (name, status) => {
      answers.set(name, status);
      if (status === 'hang') return;
      const waiting = hanging.get(name) ?? [];
      hanging.delete(name);
      for (const reply of waiting) reply();
    },
    pushesTo: (name) => received.filter((r) => r.path === `/push/${name}`),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's subscription keys: a P-256 key pair and a 16-byte auth secret. */
export interface PushKeys {
  ecdh: ECDH;
  auth: Buffer;
  /** As `PushSubscription.toJSON().keys` gives them. */
  json: { p256dh: string; auth: string };
}

export function newPushKeys(): PushKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/**
 * Decrypts an `aes128gcm` push message body (RFC 8188 header, RFC 8291 key derivation) with the
 * subscription's private key and auth secret; returns the plaintext without its padding.
 */
export function decryptPush(body: Buffer, keys: PushKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((b) => b !== 0)) throw new Error('bad padding');
  return padded.subarray(0, end).toString('utf8');
}
