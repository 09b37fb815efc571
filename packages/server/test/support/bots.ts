/**
 * Bots for tests: created as the web client does (`POST /admin/user` with `is_bot`), given a key,
 * and a webhook receiver — a real HTTP server on a loopback port that records what it is posted,
 * answers the URL check, and can go down and come back on the same port.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_HEADERS, type ChatMessage } from '@parley/protocol';
import type { ApiClient, TestUser } from './server.js';

export interface TestBot {
  uid: number;
  name: string;
  key: string;
}

let n = 0;

export async function createBot(
  t: ApiClient,
  admin: TestUser,
  options: { name?: string; webhookUrl?: string } = {},
): Promise<TestBot> {
  const name = options.name ?? `bot${++n}`;
  const created = await t.request('POST', '/admin/user', {
    token: admin.token,
    json: {
      email: `bot_${Date.now()}_${++n}@localhost`,
      password: '',
      name,
      gender: 1,
      is_admin: false,
      is_bot: true,
      ...(options.webhookUrl && { webhook_url: options.webhookUrl }),
    },
  });
  if (created.status !== 200) throw new Error(`create bot failed: ${created.status} ${created.text}`);
  const uid = (created.json as { uid: number }).uid;
  const key = await t.request('POST', `/admin/user/bot-api-key/${uid}`, {
    token: admin.token,
    json: { name: 'test key' },
  });
  if (key.status !== 200) throw new Error(`create key failed: ${key.status} ${key.text}`);
  return { uid, name, key: key.json as string };
}

export interface Delivery {
  headers: http.IncomingHttpHeaders;
  body: string;
  record: ChatMessage;
}

export interface WebhookReceiver {
  url: string;
  deliveries: Delivery[];
  /** Status answered to POSTs (200 unless set). */
  status: number;
  onDelivery?: (d: Delivery) => void | Promise<void>;
  /** Closes the port: connections are refused until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/** Whether a delivery carries a valid signature for `secret` (as docs/api.md tells receivers to check). */
export function signatureValid(d: Delivery, secret: string): boolean {
  const timestamp = String(d.headers[WEBHOOK_HEADERS.timestamp] ?? '');
  const given = Buffer.from(String(d.headers[WEBHOOK_HEADERS.signature] ?? ''));
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.${d.body}`).digest('hex')}`,
  );
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let server: http.Server | undefined;
  let port = 0;
  const receiver: WebhookReceiver = {
    url: '',
    deliveries: [],
    status: 200,
    async down() {
      const s = server;
      server = undefined;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async up() {
      const s = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          if (req.method !== 'POST') return res.writeHead(200).end('ok');
          const body = Buffer.concat(chunks).toString('utf8');
          const d: Delivery = { headers: req.headers, body, record: JSON.parse(body) as ChatMessage };
          receiver.deliveries.push(d);
          void Promise.resolve(receiver.onDelivery?.(d)).finally(() => res.writeHead(receiver.status).end());
        });
      });
      await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve));
      port = (s.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${port}/hook`;
      server = s;
    },
    close() {
      return receiver.down();
    },
  };
  await receiver.up();
  return receiver;
}
