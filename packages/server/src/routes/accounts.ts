import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';
import * as mail from '../services/mail.js';
import * as magic from '../services/magic-links.js';
import { createPrivateInviteLink, joinPrivate } from '../services/private-invites.js';
import type { Handlers } from './register.js';

/** What the magic-link services need to know of the request. */
const from = (req: FastifyRequest) => ({
  address: req.ip,
  origin: `${req.protocol}://${req.host}`,
  language: req.headers['accept-language']?.slice(0, 200) ?? null,
});

/** Mail settings and magic links (issue 12). */
export const accountHandlers = (ctx: Ctx) =>
  ({
    getSmtpConfig: (req) => mail.getSmtpConfig(ctx, req.actor),
    setSmtpConfig: (req) => mail.setSmtpConfig(ctx, req.actor, req.body),
    sendMail: (req) => mail.sendTestMail(ctx, req.actor, req.body),
    sendLoginMagicLink: (req) => magic.sendLoginMagicLink(ctx, req.query.email, from(req)),
    sendRegMagicLink: (req) => magic.sendRegMagicLink(ctx, req.body, from(req)),
    createPrivateInviteLink: (req) =>
      createPrivateInviteLink(ctx, req.actor, req.query, `${req.protocol}://${req.host}`),
    joinPrivate: (req) => joinPrivate(ctx, req.actor, req.body.magic_token),
  }) satisfies Partial<Handlers>;
