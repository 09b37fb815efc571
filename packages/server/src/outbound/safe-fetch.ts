/**
 * The one HTTP client for fetches the server makes on a user's behalf (link previews, the image
 * proxy). Each hop's host is resolved once, every address it resolves to is checked against the
 * address policy, and the connection is pinned to the vetted address, so a name that re-resolves
 * to a private address between check and connect (DNS rebinding) reaches nothing. Redirects are
 * followed by hand (at most three), each hop checked again. Bodies are capped in size, the whole
 * fetch in time, the answer's content type must be one the caller accepts; no cookies are sent or
 * kept, and no compression is asked for (no decompression bombs).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { bareAddress, type AddressPolicy } from './addresses.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (the system resolver unless a test gives its own). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export interface SafeFetchOptions {
  /** Content types (without parameters) the caller accepts, such as `text/html` or `image/`. */
  accept: readonly string[];
  /** The body is refused beyond this many bytes. */
  maxBytes: number;
  /** The whole fetch, redirects included, must finish within this. */
  timeoutMs: number;
  /** Extra request headers (Accept-Language); cookies and credentials are never sent. */
  headers?: Record<string, string>;
}

export interface SafeResponse {
  /** The URL of the last hop (after redirects), for resolving relative URLs in the body. */
  url: string;
  status: number;
  contentType: string;
  /** The `charset` parameter of the answer's Content-Type, if any. */
  charset: string | undefined;
  body: Buffer;
}

export type RefusalReason =
  | 'bad_url'
  | 'address'
  | 'dns'
  | 'redirects'
  | 'status'
  | 'content_type'
  | 'too_large'
  | 'timeout'
  | 'network';

/** Why an outbound fetch did not happen or was cut off. */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export const MAX_REDIRECTS = 3;
const USER_AGENT = 'Parley link preview (+https://github.com/parley-chat)';
const SAFE_HEADER = /^(accept-language|accept)$/i;

export type SafeFetch = (url: string, options: SafeFetchOptions) => Promise<SafeResponse>;

export function createSafeFetch(policy: AddressPolicy, resolve: Resolver = systemResolver): SafeFetch {
  return async (url, options) => {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new OutboundRefused('timeout', 'the fetch took too long')),
      options.timeoutMs,
    );
    try {
      let current = parseTarget(url);
      for (let hop = 0; ; hop++) {
        const pinned = await vet(policy, resolve, current, controller.signal);
        const res = await request(current, pinned, options, controller.signal);
        const location =
          res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && res.headers.location;
        if (!location) return await readBody(current, res, options, controller.signal);
        res.destroy();
        if (hop >= MAX_REDIRECTS) throw new OutboundRefused('redirects', 'too many redirects');
        current = parseTarget(location, current);
      }
    } catch (err) {
      if (controller.signal.aborted && controller.signal.reason instanceof OutboundRefused)
        throw controller.signal.reason;
      if (err instanceof OutboundRefused) throw err;
      throw new OutboundRefused('network', err instanceof Error ? err.message : 'network error');
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  };
}

/** An absolute http(s) URL without credentials; `base` resolves a redirect's relative location. */
function parseTarget(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new OutboundRefused('bad_url', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRefused('bad_url', 'only http and https are fetched');
  if (url.username || url.password)
    throw new OutboundRefused('bad_url', 'URLs with credentials are not fetched');
  url.hash = '';
  return url;
}

/** The one address this hop connects to: every address of the host must be permitted. */
async function vet(
  policy: AddressPolicy,
  resolve: Resolver,
  url: URL,
  signal: AbortSignal,
): Promise<ResolvedAddress> {
  const host = bareAddress(url.hostname);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      // The time cap covers a resolver that hangs, too.
      addresses = await Promise.race([resolve(host), whenAborted(signal)]);
    } catch {
      signal.throwIfAborted();
      throw new OutboundRefused('dns', 'the name does not resolve');
    }
  }
  if (addresses.length === 0) throw new OutboundRefused('dns', 'the name does not resolve');
  if (!addresses.every((a) => policy.permits(a.address)))
    throw new OutboundRefused('address', 'the address is not on the public internet');
  return addresses[0]!;
}

function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}

function request(
  url: URL,
  pinned: ResolvedAddress,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  // The socket connects to the vetted address whatever the name resolves to now; TLS still checks
  // the certificate against the name (servername).
  const lookup: LookupFunction = (_host, opts, cb) => {
    if (opts.all) cb(null, [{ address: pinned.address, family: pinned.family }]);
    else cb(null, pinned.address, pinned.family);
  };
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept: options.accept.map((t) => (t.endsWith('/') ? `${t}*` : t)).join(', '),
    'accept-encoding': 'identity',
  };
  for (const [name, value] of Object.entries(options.headers ?? {}))
    if (SAFE_HEADER.test(name)) headers[name.toLowerCase()] = value;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method: 'GET', headers, lookup, agent: false, signal }, resolve);
    req.on('error', reject);
    req.end();
  });
}

async function readBody(
  url: URL,
  res: IncomingMessage,
  options: SafeFetchOptions,
  signal: AbortSignal,
): Promise<SafeResponse> {
  const status = res.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    res.destroy();
    throw new OutboundRefused('status', `the server answered ${status}`);
  }
  const header = res.headers['content-type'] ?? '';
  const contentType = header.split(';')[0]!.trim().toLowerCase();
  const charset = /;\s*charset="?([\w-]+)/i.exec(header)?.[1];
  if (!options.accept.some((t) => (t.endsWith('/') ? contentType.startsWith(t) : contentType === t))) {
    res.destroy();
    throw new OutboundRefused('content_type', `content type ${contentType || 'none'} is not accepted`);
  }
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    res.destroy();
    throw new OutboundRefused('too_large', 'the body is too large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > options.maxBytes) {
      res.destroy();
      throw new OutboundRefused('too_large', 'the body is too large');
    }
    chunks.push(chunk);
  }
  signal.throwIfAborted();
  return { url: url.toString(), status, contentType, charset, body: Buffer.concat(chunks) };
}
