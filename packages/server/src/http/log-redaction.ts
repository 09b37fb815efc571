/**
 * What a request log line may say about a request: never a credential. The event stream carries
 * its access token in the query (`api-key`, as EventSource cannot send headers), and invite and
 * magic links carry theirs; headers are not logged at all.
 */
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /([?&](?:api-key|api_key|token|refresh_token|magic_token|code)=)[^&#]*/gi;

export const redactUrl = (url: string): string => url.replace(SECRET_PARAMS, '$1[redacted]');

export function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
