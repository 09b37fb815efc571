import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context.js';
import * as messages from '../services/messages.js';
import type { Handlers } from './register.js';

const outgoing = (req: FastifyRequest): messages.OutgoingMessage => {
  const props = req.headers['x-properties'];
  return {
    contentType: req.headers['content-type'],
    body: req.body,
    propertiesHeader: Array.isArray(props) ? props[0] : props,
  };
};

export const messageHandlers = (ctx: Ctx) =>
  ({
    sendToGroup: (req) => messages.sendToGroup(ctx, req.actor, req.params.gid, outgoing(req)),
    sendToUser: (req) => messages.sendToUser(ctx, req.actor, req.params.uid, outgoing(req)),
    groupHistory: (req) => messages.groupHistory(ctx, req.actor, req.params.gid, req.query),
    dmHistory: (req) => messages.dmHistory(ctx, req.actor, req.params.uid, req.query),
    updateReadIndex: (req) => messages.updateReadIndex(ctx, req.actor, req.body),
  }) satisfies Partial<Handlers>;
