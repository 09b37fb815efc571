import type { FastifyRequest } from 'fastify';
import type { OutgoingMessage } from '../services/messages.js';

/** A message as its send route received it: the raw body, its type and the `X-Properties` header. */
export function outgoing(req: FastifyRequest): OutgoingMessage {
  const props = req.headers['x-properties'];
  return {
    contentType: req.headers['content-type'],
    body: req.body,
    propertiesHeader: Array.isArray(props) ? props[0] : props,
  };
}
