import { describe, expect, it } from 'vitest';
import { validateAccount } from './validate-account';

const valid = { email: 'ada@example.com', name: 'Ada', password: 'correct horse', confirm: 'correct horse' };

describe('validateAccount', () => {
  it('accepts a complete account', () => {
    expect(validateAccount(valid)).toEqual({});
  });

  it('reports each problem under its field', () => {
    expect(validateAccount({ email: 'nope', name: ' ', password: 'short', confirm: 'other' })).toEqual({
      email: 'auth:validation.email_invalid',
      name: 'auth:validation.name_required',
      password: 'auth:validation.password_too_short',
      confirm: 'auth:validation.password_mismatch',
    });
  });

  it('limits names to 32 characters', () => {
    expect(validateAccount({ ...valid, name: 'x'.repeat(33) }).name).toBe('auth:validation.name_too_long');
    expect(validateAccount({ ...valid, name: '字'.repeat(32) }).name).toBeUndefined();
  });
});
