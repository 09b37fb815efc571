import { LoginResponse } from '../users.js';
import {
  TotpCodeRequest,
  TotpLoginRequest,
  TotpPolicy,
  TotpRecoveryCodes,
  TotpSetup,
  TotpStatus,
} from '../totp.js';
import { UidParams, type RouteSpec } from './route.js';

/** Two-factor sign-in (Parley's own; docs/api.md, "Two-factor sign-in"; issue 12). */
export const TOTP_ROUTES = {
  loginTotp: {
    method: 'POST',
    path: '/token/login/totp',
    auth: 'public',
    kind: 'json',
    tag: 'token',
    description:
      'The second step of a sign-in that answered 401 `totp_required`: the `mfa_token` with an authenticator or recovery code; 401 when either is wrong, expired or used, 429 while rate limited.',
    body: TotpLoginRequest,
    response: LoginResponse,
  },
  getTotp: {
    method: 'GET',
    path: '/user/totp',
    auth: 'header',
    kind: 'json',
    tag: 'user',
    response: TotpStatus,
  },
  setupTotp: {
    method: 'POST',
    path: '/user/totp/setup',
    auth: 'header',
    kind: 'json',
    tag: 'user',
    description: 'Starts enrolment with a new secret (replacing an unconfirmed one); 409 while it is on.',
    response: TotpSetup,
  },
  enableTotp: {
    method: 'POST',
    path: '/user/totp/enable',
    auth: 'header',
    kind: 'json',
    tag: 'user',
    description:
      'Confirms enrolment with a first code and answers the recovery codes, once; 403 for a wrong code, 409 when no enrolment is pending.',
    body: TotpCodeRequest,
    response: TotpRecoveryCodes,
  },
  disableTotp: {
    method: 'POST',
    path: '/user/totp/disable',
    auth: 'header',
    kind: 'empty',
    tag: 'user',
    description:
      'Turns two-factor sign-in off with a code or a recovery code; 403 for a wrong one, 409 when it is off.',
    body: TotpCodeRequest,
  },
  regenerateTotpRecoveryCodes: {
    method: 'POST',
    path: '/user/totp/recovery_codes',
    auth: 'header',
    kind: 'json',
    tag: 'user',
    description:
      'Ten new recovery codes, shown once, in place of all the old ones (used or not); confirmed with a current authenticator code (a recovery code is refused): 403 for a wrong one, 409 when two-factor sign-in is off.',
    body: TotpCodeRequest,
    response: TotpRecoveryCodes,
  },
  adminGetUserTotp: {
    method: 'GET',
    path: '/admin/user/:uid/totp',
    auth: 'header',
    kind: 'json',
    tag: 'admin',
    description: 'Whether a member signs in with a second factor.',
    params: UidParams,
    response: TotpStatus,
  },
  adminResetUserTotp: {
    method: 'DELETE',
    path: '/admin/user/:uid/totp',
    auth: 'header',
    kind: 'empty',
    tag: 'admin',
    description:
      'Turns a member’s two-factor sign-in off (a lost phone); they sign in with the password alone.',
    params: UidParams,
  },
  getTotpPolicy: {
    method: 'GET',
    path: '/admin/totp/config',
    auth: 'header',
    kind: 'json',
    tag: 'system',
    response: TotpPolicy,
  },
  setTotpPolicy: {
    method: 'POST',
    path: '/admin/totp/config',
    auth: 'header',
    kind: 'empty',
    tag: 'system',
    body: TotpPolicy,
  },
} as const satisfies Record<string, RouteSpec>;
