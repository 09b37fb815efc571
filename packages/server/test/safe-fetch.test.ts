/**
 * The outbound HTTP client (`src/outbound/safe-fetch.ts`): every refused address class, redirects
 * into private space, DNS rebinding, slow and huge answers, content types, cookies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressPolicy } from '../src/outbound/addresses.js';
import {
  createSafeFetch,
  OutboundRefused,
  type RefusalReason,
  type Resolver,
  type SafeFetchOptions,
} from '../src/outbound/safe-fetch.js';
import { html, redirect, startOrigin, type Origin } from './support/origin.js';

const HTML: SafeFetchOptions = { accept: ['text/html'], maxBytes: 64 * 1024, timeoutMs: 2_000 };

async function refusal(promise: Promise<unknown>): Promise<RefusalReason> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundRefused);
  return (err as OutboundRefused).reason;
}

describe('the address policy', () => {
  const policy = new AddressPolicy();
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'metadata / link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.254', 'CGNAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['198.18.0.1', 'benchmarking'],
    ['::1', 'IPv6 loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:8.8.8.8', 'IPv4-mapped (any)'],
    ['64:ff9b::a00:1', 'NAT64'],
    ['2002:7f00:1::', '6to4'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'AWS metadata (IPv6)'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['not-an-ip', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(policy.permits(address)).toBe(false);
  });
  it.each(['8.8.8.8', '1.1.1.1', '93.184.215.14', '2606:4700:4700::1111', '[2a00:1450:4001::200e]'])(
    'permits the public address %s',
    (address) => {
      expect(policy.permits(address)).toBe(true);
    },
  );
  it('lets the allow-list through, and nothing beside it', () => {
    const allowing = new AddressPolicy(['127.0.0.2', '10.9.0.0/16']);
    expect(allowing.permits('127.0.0.2')).toBe(true);
    expect(allowing.permits('10.9.4.4')).toBe(true);
    expect(allowing.permits('127.0.0.1')).toBe(false);
    expect(allowing.permits('10.8.0.1')).toBe(false);
  });
});

describe('fetching', () => {
  let origin: Origin;
  const allowOrigin = new AddressPolicy(['127.0.0.1']);
  const fetchLocal = createSafeFetch(allowOrigin);
  beforeAll(async () => {
    origin = await startOrigin({
      '/page': (req, res) => {
        res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'a=b' }).end('<title>hi</title>');
      },
      '/json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
      '/missing-type': (_req, res) => res.writeHead(200).end('x'),
      '/huge': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(16 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < 10 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
          if (sent < 10 * 1024 * 1024) res.once('drain', pump);
          else res.end();
        };
        res.on('close', () => (sent = Infinity));
        pump();
      },
      '/declared-huge': (_req, res) =>
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(1 << 30) }).end(),
      '/slow': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        const drip = setInterval(() => res.write('<'), 100);
        res.on('close', () => clearInterval(drip));
      },
      '/stall': () => {},
      '/500': html('oops', 500),
      '/hop1': redirect('/hop2'),
      '/hop2': redirect('/hop3'),
      '/hop3': redirect('/page'),
      '/loop': redirect('/loop'),
      '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
      '/to-private-name': redirect('http://internal.test/page'),
      '/to-file': redirect('file:///etc/passwd'),
    });
  });
  afterAll(() => origin.close());

  it('fetches an allowed page: body, final URL, type; sends no cookie and no compression', async () => {
    const res = await fetchLocal(`${origin.url}/page`, {
      ...HTML,
      headers: { 'accept-language': 'fr', cookie: 'x=1' },
    });
    expect(res.body.toString()).toBe('<title>hi</title>');
    expect(res.contentType).toBe('text/html');
    expect(origin.lastHeaders?.cookie).toBeUndefined();
    expect(origin.lastHeaders?.['accept-language']).toBe('fr');
    expect(origin.lastHeaders?.['accept-encoding']).toBe('identity');
  });

  it('refuses loopback without the allow-list, before connecting', async () => {
    const before = origin.hits.length;
    expect(await refusal(createSafeFetch(new AddressPolicy())(`${origin.url}/page`, HTML))).toBe('address');
    expect(
      await refusal(createSafeFetch(new AddressPolicy())(`http://[::1]:${origin.port}/page`, HTML)),
    ).toBe('address');
    // The WHATWG parser turns these spellings of 127.0.0.1 into the address itself.
    for (const spelling of ['2130706433', '0x7f.1', '127.1', '017700000001'])
      expect(
        await refusal(createSafeFetch(new AddressPolicy())(`http://${spelling}:${origin.port}/`, HTML)),
      ).toBe('address');
    expect(origin.hits.length).toBe(before);
  });

  it('refuses other schemes and URLs with credentials', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/',
      'gopher://x/',
      'data:text/html,hi',
      'nonsense',
    ])
      expect(await refusal(fetchLocal(url, HTML))).toBe('bad_url');
    expect(await refusal(fetchLocal(`http://user:pw@127.0.0.1:${origin.port}/page`, HTML))).toBe('bad_url');
  });

  it('follows up to three redirects, and refuses a fourth', async () => {
    const res = await fetchLocal(`${origin.url}/hop1`, HTML);
    expect(res.url).toBe(`${origin.url}/page`);
    expect(await refusal(fetchLocal(`${origin.url}/loop`, HTML))).toBe('redirects');
  });

  it('checks every redirect hop: into metadata, a private name, another scheme', async () => {
    const privateName: Resolver = async (host) =>
      host === 'internal.test' ? [{ address: '10.0.0.5', family: 4 }] : [];
    const f = createSafeFetch(allowOrigin, privateName);
    expect(await refusal(f(`${origin.url}/to-metadata`, HTML))).toBe('address');
    expect(await refusal(f(`${origin.url}/to-private-name`, HTML))).toBe('address');
    expect(await refusal(f(`${origin.url}/to-file`, HTML))).toBe('bad_url');
  });

  it('refuses a name if any of its addresses is private', async () => {
    const mixed: Resolver = async () => [
      { address: '127.0.0.1', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    expect(
      await refusal(createSafeFetch(allowOrigin, mixed)(`http://mixed.test:${origin.port}/page`, HTML)),
    ).toBe('address');
    const none: Resolver = async () => [];
    expect(await refusal(createSafeFetch(allowOrigin, none)(`http://none.test/`, HTML))).toBe('dns');
    const failing: Resolver = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await refusal(createSafeFetch(allowOrigin, failing)(`http://fail.test/`, HTML))).toBe('dns');
  });

  it('pins the connection to the vetted address (DNS rebinding)', async () => {
    // The name first resolves to the allowed origin, then (as a rebinding attacker arranges) to a
    // refused one. The connection must go to the first answer: the host is resolved once per hop.
    const answers = ['127.0.0.1', '10.0.0.1'];
    let calls = 0;
    const rebinding: Resolver = async () => [{ address: answers[Math.min(calls++, 1)]!, family: 4 }];
    const res = await createSafeFetch(allowOrigin, rebinding)(`http://rebind.test:${origin.port}/page`, HTML);
    expect(res.body.toString()).toBe('<title>hi</title>');
    expect(calls).toBe(1);
    // The request carried the name, not the address.
    expect(origin.lastHeaders?.host).toBe(`rebind.test:${origin.port}`);
  });

  it('caps the body: streamed and declared', async () => {
    expect(await refusal(fetchLocal(`${origin.url}/huge`, HTML))).toBe('too_large');
    expect(await refusal(fetchLocal(`${origin.url}/declared-huge`, HTML))).toBe('too_large');
  });

  it('caps the time: a slow-loris answer and a server that never answers', async () => {
    const quick = { ...HTML, timeoutMs: 500 };
    const started = Date.now();
    expect(await refusal(fetchLocal(`${origin.url}/slow`, quick))).toBe('timeout');
    expect(await refusal(fetchLocal(`${origin.url}/stall`, quick))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('caps the time of a resolver that never answers', async () => {
    const hanging: Resolver = () => new Promise(() => {});
    const f = createSafeFetch(allowOrigin, hanging);
    expect(await refusal(f('http://slow-dns.test/', { ...HTML, timeoutMs: 300 }))).toBe('timeout');
  });

  it('accepts only the content types asked for, and only 2xx answers', async () => {
    expect(await refusal(fetchLocal(`${origin.url}/json`, HTML))).toBe('content_type');
    expect(await refusal(fetchLocal(`${origin.url}/missing-type`, HTML))).toBe('content_type');
    expect(await refusal(fetchLocal(`${origin.url}/500`, HTML))).toBe('status');
    const any = await fetchLocal(`${origin.url}/json`, { ...HTML, accept: ['application/'] });
    expect(any.body.toString()).toBe('{}');
  });
});
