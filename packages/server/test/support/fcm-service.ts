/**
 * An FCM stand-in on loopback (issue 16): an OAuth token endpoint (`POST /token`, RFC 7523
 * `jwt-bearer`) that checks the service account's signed assertion with its public key, and the
 * FCM HTTP v1 send endpoint (`POST /v1/projects/<id>/messages:send`) that checks the bearer token
 * it issued. It keeps every request for the test to inspect, and answers a device token the test
 * marked gone with FCM's 404 UNREGISTERED.
 */
import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FcmRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FcmService {
  url: string;
  /** A service account's key pair: `privateKey` goes into the configuration. */
  privateKey: string;
  clientEmail: string;
  tokenRequests: FcmRequest[];
  /** Sends that carried a valid bearer token, with their parsed JSON body. */
  messages: { path: string; json: any }[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Sends refused (bad or missing bearer token). */
  refused: number;
  gone: Set<string>;
  /** Device tokens whose sends are recorded at once but answered only on `release`. */
  hold(token: string): void;
  release(token: string): void;
  stop(): Promise<void>;
}

export async function startFcmService(): Promise<FcmService> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const issued = new Set<string>();
  const held = new Map<string, (() => void)[]>();
  const state: FcmService = {
    url: '',
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    clientEmail: 'parley-test@example-project.iam.gserviceaccount.com',
    tokenRequests: [],
    messages: [],
    refused: 0,
    gone: new Set(),
    hold: (token) => void held.set(token, held.get(token) ?? []),
    release: (token) => {
      for (const answer of held.get(token) ?? []) answer();
      held.delete(token);
    },
    stop: async () => {},
  };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const path = req.url ?? '';
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && path === '/token') {
        state.tokenRequests.push({ path, headers: req.headers, body });
        const form = new URLSearchParams(body);
        const [head, claims, signature] = (form.get('assertion') ?? '').split('.');
        const verified =
          form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
          !!signature &&
          createVerify('RSA-SHA256').update(`${head}.${claims}`).verify(publicKey, signature, 'base64url');
        if (!verified) return reply(400, { error: 'invalid_grant' });
        const token = `ya29.${randomBytes(12).toString('hex')}`;
        issued.add(token);
        return reply(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      if (req.method === 'POST' && /^\/v1\/projects\/[^/]+\/messages:send$/.test(path)) {
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!bearer || !issued.has(bearer)) {
          state.refused++;
          return reply(401, { error: { status: 'UNAUTHENTICATED' } });
        }
        const json = JSON.parse(body) as { message: { token: string } };
        if (state.gone.has(json.message.token))
          return reply(404, { error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } });
        state.messages.push({ path, json });
        const answer = () => reply(200, { name: `${path.split(':')[0]}/messages/${state.messages.length}` });
        const waiting = held.get(json.message.token);
        return waiting ? void waiting.push(answer) : answer();
      }
      reply(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.stop = () =>
    new Promise<void>((resolve) => {
      held.clear();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
