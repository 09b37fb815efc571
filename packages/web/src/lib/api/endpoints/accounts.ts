import type { SmtpConfig } from '@parley/protocol';
import { call } from '../call';
import type { ErrorOverrides } from '../error-toast';

/** Whether the server can send mail; false when it cannot be read. */
export const getSmtpEnabledQuietly = () =>
  call('isSmtpEnabled', {}, { errors: { default: null } }).catch(() => false);

export const getSmtpConfig = () => call('getSmtpConfig');

export const setSmtpConfig = (config: SmtpConfig) => call('setSmtpConfig', { body: config });

/** The settings screen shows the mail server's answer itself. */
export const sendTestMail = (to: string, subject: string, content: string) =>
  call('sendMail', { body: { to, subject, content } }, { errors: { 503: null, 400: null } });

export const sendLoginMagicLink = (email: string, errors?: ErrorOverrides) =>
  call('sendLoginMagicLink', { query: { email } }, { errors });

/** Signs in with a link's token; with a name, creates the account of a sign-up link. */
export const magicLinkLogin = (
  magicToken: string,
  extraName: string,
  device: string,
  errors?: ErrorOverrides,
) =>
  call(
    'login',
    {
      body: {
        credential: { type: 'magiclink', magic_token: magicToken, extra_name: extraName },
        device,
        device_token: '',
      },
    },
    { errors },
  );

/** A guest session; 403 (no toast) when the server has guests turned off. */
export const loginGuest = () => call('loginGuest', {}, { errors: { 403: null } });

/** 409 (invalid or expired) and 412 (already a member) are shown by the invite page itself. */
export const joinPrivate = (magicToken: string) =>
  call('joinPrivate', { body: { magic_token: magicToken } }, { errors: { 409: null, 412: null } });
