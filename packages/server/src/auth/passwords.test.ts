import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.js';
import { hashPassword, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('hashes with the OWASP baseline unless a test lowers the cost', async () => {
    const hash = await hashPassword('correct horse', loadConfig({}).passwordHashing);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
  });

  it('verifies a hash made at another cost, since the hash carries its parameters', async () => {
    const cheap = await hashPassword('correct horse', { memoryCost: 8, timeCost: 1, parallelism: 1 });
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(cheap, 'correct horse')).toBe(true);
    expect(await verifyPassword(null, 'correct horse')).toBe(false);
  });
});
