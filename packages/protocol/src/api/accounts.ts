import { Group } from '../groups.js';
import {
  JoinPrivateRequest,
  MagicLinkQuery,
  PrivateInviteQuery,
  SendMailRequest,
  SendRegMagicLinkRequest,
  SendRegMagicLinkResponse,
  SmtpConfig,
} from '../accounts.js';
import type { RouteSpec } from './route.js';

/** Mail configuration and magic links (API.md §3, §4.2, §11.2; issue 12). */
export const ACCOUNT_ROUTES = {
  getSmtpConfig: {
    method: 'GET',
    path: '/admin/smtp/config',
    auth: 'header',
    kind: 'json',
    tag: 'system',
    response: SmtpConfig,
  },
  setSmtpConfig: {
    method: 'POST',
    path: '/admin/smtp/config',
    auth: 'header',
    kind: 'empty',
    tag: 'system',
    body: SmtpConfig,
  },
  sendMail: {
    method: 'POST',
    path: '/admin/system/send_mail',
    auth: 'header',
    kind: 'empty',
    tag: 'system',
    description: 'Sends one plain-text mail; 503 with the mail server’s answer when it fails.',
    body: SendMailRequest,
  },
  sendLoginMagicLink: {
    method: 'POST',
    path: '/user/send_login_magic_link',
    auth: 'public',
    kind: 'text',
    tag: 'user',
    description: 'The same answer whether or not the address has an account (API.md §15.7).',
    query: MagicLinkQuery,
  },
  sendRegMagicLink: {
    method: 'POST',
    path: '/user/send_reg_magic_link',
    auth: 'public',
    kind: 'json',
    tag: 'user',
    body: SendRegMagicLinkRequest,
    response: SendRegMagicLinkResponse,
  },
  createPrivateInviteLink: {
    method: 'GET',
    path: '/group/create_invite_private_magic_link',
    auth: 'header',
    kind: 'text',
    tag: 'group',
    query: PrivateInviteQuery,
  },
  joinPrivate: {
    method: 'POST',
    path: '/user/join_private',
    auth: 'header',
    kind: 'json',
    tag: 'user',
    description: '409 when the invite is invalid or expired, 412 when already a member.',
    body: JoinPrivateRequest,
    response: Group,
  },
} as const satisfies Record<string, RouteSpec>;
