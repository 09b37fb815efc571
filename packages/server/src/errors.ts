import { ERROR_STATUS, type ErrorCode } from '@parley/protocol';

/**
 * A failure a client caused or may see. Services throw these; one error handler turns them into
 * the status of the code and a short text body (or the JSON `{reason}` body that 409s carry).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string = code.replace(/_/g, ' '),
    readonly body?: Record<string, unknown>,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const badRequest = (msg?: string) => new AppError('bad_request', msg);
export const unauthorized = (msg = 'authorization error') => new AppError('unauthorized', msg);
export const forbidden = (msg?: string) => new AppError('forbidden', msg);
export const notFound = (msg?: string) => new AppError('not_found', msg);
export const conflict = (reason: string) => new AppError('conflict', reason, { reason });
