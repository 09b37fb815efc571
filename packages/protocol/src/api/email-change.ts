import {
  ChangeEmailRequest,
  ChangeEmailResponse,
  ConfirmEmailChangeRequest,
  ConfirmEmailChangeResponse,
} from '../email-change.js';
import type { RouteSpec } from './route.js';

/** Changing one's e-mail address (Parley's own; docs/api.md, "Changing the e-mail address"; issue 12). */
export const EMAIL_CHANGE_ROUTES = {
  changeEmail: {
    method: 'POST',
    path: '/user/email',
    auth: 'header',
    kind: 'json',
    tag: 'user',
    description:
      'Changes the caller’s e-mail address. With SMTP on, a single-use link (15 minutes) goes to the new address and a notice to the old one; the address changes when the link is opened. With SMTP off it changes at once. The current password is required of accounts that have one (403 when wrong or missing); 409 `email_conflict` when the address is taken; 400 for an invalid or unchanged address.',
    body: ChangeEmailRequest,
    response: ChangeEmailResponse,
  },
  confirmEmailChange: {
    method: 'POST',
    path: '/user/email/confirm',
    auth: 'public',
    kind: 'json',
    tag: 'user',
    description:
      'Opens the link of an e-mail change: the address changes and `users_log` goes out. 410 when the link is invalid, expired or used; 409 `email_conflict` when the address was taken meanwhile (the link stays unused).',
    body: ConfirmEmailChangeRequest,
    response: ConfirmEmailChangeResponse,
  },
} as const satisfies Record<string, RouteSpec>;
