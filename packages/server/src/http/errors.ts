/**
 * One place turns every failure into the contract's status and a short body: AppError codes,
 * Fastify's validation and parsing errors, and anything unexpected (500 with no internals).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import { isOutOfRange, isStoreFull, isStoreUnavailable } from '../store/errors.js';

/** How long a client should wait before retrying a 503 (database or events unavailable). */
const RETRY_AFTER_SECONDS = '5';
import { requestPath, type MethodIndex } from './method-not-allowed.js';

const FRAMEWORK_STATUS: Record<string, { status: number; text: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, text: 'unsupported content type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, text: 'body too large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, text: 'invalid content length' },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Every client error of this route is answered 401 `authorization error` (`/token/renew`,
     * API.md §15.4: only a 401 sends the client back to sign-in). Connection handling stays the same.
     */
    clientErrorsAs401?: boolean;
  }
}

const isClientError = (err: FastifyError | AppError): boolean =>
  err instanceof AppError
    ? err.status < 500
    : Boolean(err.validation) || (typeof err.statusCode === 'number' && err.statusCode < 500);

export function installErrorHandling(app: FastifyInstance, methods: MethodIndex): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    // Fastify closes the connection after a body it refused; a proxy still sending that body
    // then gets a reset and answers 502 (and takes the node out of rotation). Keeping the
    // connection lets Node read and discard the rest instead.
    if (err.code?.startsWith('FST_ERR_CTP_')) reply.removeHeader('connection');
    if (request.routeOptions.config.clientErrorsAs401 && isClientError(err)) {
      return reply.status(401).type('text/plain; charset=utf-8').send('authorization error');
    }
    if (err instanceof AppError) {
      if (err.status === 503) reply.header('retry-after', RETRY_AFTER_SECONDS);
      if (err.headers) reply.headers(err.headers);
      if (err.body) return reply.status(err.status).send(err.body);
      return reply.status(err.status).type('text/plain; charset=utf-8').send(err.message);
    }
    if (err.validation) {
      const where = err.validationContext ?? 'request';
      const first = err.validation[0];
      const path = first?.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
      const detail = `${where}${path ? `.${path}` : ''} ${first?.message ?? 'is invalid'}`;
      return reply.status(400).type('text/plain; charset=utf-8').send(detail);
    }
    const known = err.code ? FRAMEWORK_STATUS[err.code] : undefined;
    if (known) return reply.status(known.status).type('text/plain; charset=utf-8').send(known.text);
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).type('text/plain; charset=utf-8').send('bad request');
    }
    if (isOutOfRange(err)) {
      return reply.status(400).type('text/plain; charset=utf-8').send('number out of range');
    }
    if (isStoreFull(err)) {
      request.log.error({ err: { message: err.message, code: err.code } }, 'disk full');
      return reply.status(507).type('text/plain; charset=utf-8').send('insufficient storage');
    }
    if (isStoreUnavailable(err)) {
      request.log.warn({ err: { message: err.message, code: err.code } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .type('text/plain; charset=utf-8')
        .send('service unavailable');
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).type('text/plain; charset=utf-8').send('Server Error');
  });

  app.setNotFoundHandler((request, reply) => {
    const allowed = methods.allowed(requestPath(request));
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .type('text/plain; charset=utf-8')
        .send('method not allowed');
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('not found');
  });
}
