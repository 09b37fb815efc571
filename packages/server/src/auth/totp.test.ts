import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, totpAt, totpStep } from './totp.js';

// RFC 6238 Appendix B: the seeds are the ASCII strings, repeated to the hash's key length.
const SEEDS = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [number, string, keyof typeof SEEDS][] = [
  [59, '94287082', 'sha1'],
  [59, '46119246', 'sha256'],
  [59, '90693936', 'sha512'],
  [1111111109, '07081804', 'sha1'],
  [1111111109, '68084774', 'sha256'],
  [1111111109, '25091201', 'sha512'],
  [1111111111, '14050471', 'sha1'],
  [1111111111, '67062674', 'sha256'],
  [1111111111, '99943326', 'sha512'],
  [1234567890, '89005924', 'sha1'],
  [1234567890, '91819424', 'sha256'],
  [1234567890, '93441116', 'sha512'],
  [2000000000, '69279037', 'sha1'],
  [2000000000, '90698825', 'sha256'],
  [2000000000, '38618901', 'sha512'],
  [20000000000, '65353130', 'sha1'],
  [20000000000, '77737706', 'sha256'],
  [20000000000, '47863826', 'sha512'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s the code is %s (%s)', (seconds, code, algorithm) => {
    expect(hotp(SEEDS[algorithm], totpStep(seconds * 1000), 8, algorithm)).toBe(code);
  });

  it('RFC 4226 Appendix D: the HOTP values of counters 0..9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, i) => hotp(SEEDS.sha1, i))).toEqual(expected);
  });

  it('base32 round-trips and the RFC 4648 vectors hold', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======')?.toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb oi')?.toString()).toBe('foobar');
    expect(base32Decode('MZ1')).toBeUndefined();
    const secret = base32Encode(SEEDS.sha1);
    expect(base32Decode(secret)).toEqual(SEEDS.sha1);
    expect(totpAt(secret, 59_000)).toBe('287082');
  });

  it('matches a code one step either side of now, never two, and names its step', () => {
    const secret = base32Encode(SEEDS.sha1);
    const now = 1111111111_000;
    const step = totpStep(now);
    expect(matchTotp(secret, totpAt(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(secret, totpAt(secret, now - 60_000), now)).toBeUndefined();
    expect(matchTotp(secret, '12345', now)).toBeUndefined();
    expect(matchTotp(secret, 'abcdef', now)).toBeUndefined();
  });

  it('builds the otpauth URL authenticator apps read', () => {
    expect(otpauthUrl('Parley', 'a@b.c', 'ABC')).toBe(
      'otpauth://totp/Parley:a%40b.c?secret=ABC&issuer=Parley&algorithm=SHA1&digits=6&period=30',
    );
  });
});
