import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenSigner } from './tokens.js';

const signer = new TokenSigner('c2VjcmV0LWtleS1mb3ItdGVzdHMtMzItYnl0ZXMhISE');
const NOW = 1_800_000_000_000;
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('TokenSigner', () => {
  it('round-trips its claims and refuses the token once expired, unless asked not to', async () => {
    const token = await signer.sign({ uid: 7, device: 'web:a', sid: 's1' }, 300, NOW);
    expect(await signer.verify(token, NOW)).toEqual({
      uid: 7,
      device: 'web:a',
      sid: 's1',
      exp: NOW / 1000 + 300,
    });
    expect(await signer.verify(token, NOW + 300_000)).toBeUndefined();
    expect(await signer.verify(token, NOW + 300_000, { allowExpired: true })).toMatchObject({ uid: 7 });
  });

  it('answers a token seen before with the same claims, which a caller cannot change', async () => {
    const token = await signer.sign({ uid: 8, device: 'web:b', sid: 's2' }, 300, NOW);
    const first = await signer.verify(token, NOW);
    first!.uid = 9;
    expect(await signer.verify(token, NOW)).toEqual({
      uid: 8,
      device: 'web:b',
      sid: 's2',
      exp: NOW / 1000 + 300,
    });
    expect(await signer.verify(token, NOW + 300_000)).toBeUndefined();
  });

  it('refuses a token signed with another key, a changed payload and a different algorithm', async () => {
    const token = await signer.sign({ uid: 7, device: 'web:a', sid: 's1' }, 300, NOW);
    const other = new TokenSigner('b3RoZXIta2V5LW90aGVyLWtleS1vdGhlci1rZXktISE');
    expect(await signer.verify(token, NOW)).toMatchObject({ uid: 7 });
    expect(await other.verify(token, NOW)).toBeUndefined();
    const [h, , s] = token.split('.');
    const forged = `${h}.${b64({ sub: '1', dev: 'web:a', sid: 's1', typ: 'access', exp: NOW / 1000 + 300 })}.${s}`;
    expect(await signer.verify(forged, NOW)).toBeUndefined();
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${token.split('.')[1]}.`;
    expect(await signer.verify(none, NOW)).toBeUndefined();
  });

  it('refuses well-signed tokens whose claims are not an access token', async () => {
    const key = Buffer.from('c2VjcmV0LWtleS1mb3ItdGVzdHMtMzItYnl0ZXMhISE', 'base64url');
    const make = (payload: unknown) => {
      const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
      return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
    };
    const good = { sub: '7', dev: 'd', sid: 's', typ: 'access', exp: NOW / 1000 + 60 };
    expect(await signer.verify(make(good), NOW)).toMatchObject({ uid: 7 });
    for (const bad of [
      { ...good, typ: 'refresh' },
      { ...good, sub: 'x' },
      { ...good, dev: 1 },
      { ...good, exp: undefined },
      'not an object',
      null,
      [1, 2],
    ]) {
      expect(await signer.verify(make(bad), NOW)).toBeUndefined();
    }
    for (const garbage of ['', 'a.b', 'a.b.c.d', '...', 'x'.repeat(5000)]) {
      expect(await signer.verify(garbage, NOW)).toBeUndefined();
    }
  });
});
