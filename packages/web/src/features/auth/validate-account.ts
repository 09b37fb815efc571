import { LIMITS } from '@parley/protocol';
import type { KeyIn } from '../../lib/i18n';

export interface AccountInput {
  email: string;
  name: string;
  password: string;
  confirm: string;
}

export type AccountErrors = Partial<Record<keyof AccountInput, KeyIn<'auth'>>>;

/** i18n keys of the problems found; an empty object means the input can be sent. */
export function validateAccount(input: AccountInput): AccountErrors {
  const errors: AccountErrors = {};
  const email = input.email.trim();
  if (!email) errors.email = 'auth:validation.email_required';
  else if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > LIMITS.emailMaxLength)
    errors.email = 'auth:validation.email_invalid';
  const name = input.name.trim();
  if (!name) errors.name = 'auth:validation.name_required';
  else if (Array.from(name).length > LIMITS.nameMaxLength) errors.name = 'auth:validation.name_too_long';
  if (input.password.length < LIMITS.passwordMinLength)
    errors.password = 'auth:validation.password_too_short';
  else if (input.password.length > LIMITS.passwordMaxLength)
    errors.password = 'auth:validation.password_too_long';
  if (input.confirm !== input.password) errors.confirm = 'auth:validation.password_mismatch';
  return errors;
}
