/** Store errors that services map to HTTP answers (a unique violation is a 409). */

export type UniqueField = 'email' | 'name';

/** Thrown by `users.create` / `users.update` when the email or the name (case-insensitively) is taken. */
export class UniqueViolationError extends Error {
  override readonly name = 'UniqueViolationError';
  constructor(
    readonly field: UniqueField | undefined,
    options?: { cause?: unknown },
  ) {
    super(field ? `${field} is already taken` : 'unique constraint violated', options);
  }
}

/** True for our `UniqueViolationError` and for a raw unique/primary-key violation of either driver. */
export function isUniqueViolation(err: unknown): boolean {
  if (err instanceof UniqueViolationError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  // SQLite (better-sqlite3) extended result codes; PostgreSQL SQLSTATE 23505.
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** Rewrites a raw unique violation on `users` into a `UniqueViolationError` naming the field. */
export function toUserUniqueError(err: unknown): unknown {
  if (!isUniqueViolation(err) || err instanceof UniqueViolationError) return err;
  const e = err as { message?: string; constraint?: string };
  // SQLite says "UNIQUE constraint failed: users.email"; PostgreSQL names the index.
  const text = `${e.constraint ?? ''} ${e.message ?? ''}`;
  const field: UniqueField | undefined = /users_email_unique|users\.email/.test(text)
    ? 'email'
    : /users_name_lower_unique|users\.name_lower/.test(text)
      ? 'name'
      : undefined;
  return new UniqueViolationError(field, { cause: err });
}

/**
 * A reply or reaction whose target is not a live message when it commits: unknown, a reaction
 * itself, or deleted meanwhile.
 */
export class TargetGoneError extends Error {
  override readonly name = 'TargetGoneError';
  constructor(readonly mid: number) {
    super(`message ${mid} is gone`);
  }
}

/** Network failures and PostgreSQL's "shutting down / not accepting connections" answers. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '55P03', // lock_not_available: the cluster send lock was not free within lock_timeout
  'SQLITE_WRITER_GONE', // the SQLite writer thread died; the next statement starts a new one
]);

/**
 * True when the database could not be reached or went away mid-query: the request may succeed
 * on a retry, so it is answered 503 rather than 500.
 */
export function isStoreUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  // pg reports a dropped connection or a pool timeout by message only.
  if (
    typeof e.message === 'string' &&
    /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/.test(
      e.message,
    )
  ) {
    return true;
  }
  // Connecting to a host name with several addresses fails with one error per address.
  if (Array.isArray(e.errors) && e.errors.some(isStoreUnavailable)) return true;
  return e.cause !== undefined && e.cause !== err && isStoreUnavailable(e.cause);
}

/** Codes for "no space left": SQLite, PostgreSQL (disk_full) and the file system (blobs). */
const FULL_CODES = new Set(['SQLITE_FULL', '53100', 'ENOSPC']);

/** True when the write failed for want of disk space: answered 507, not 500 (issue 8). */
export function isStoreFull(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && FULL_CODES.has(e.code)) return true;
  return e.cause !== undefined && e.cause !== err && isStoreFull(e.cause);
}

/**
 * PostgreSQL refuses a number outside its column's type (numeric_value_out_of_range): an id no
 * row can have, sent by the client. SQLite's integers are 64-bit and never refuse one.
 */
export function isOutOfRange(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; cause?: unknown };
  if (e.code === '22003') return true;
  return e.cause !== undefined && e.cause !== err && isOutOfRange(e.cause);
}
