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
