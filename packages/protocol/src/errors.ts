/**
 * Stable error codes and the status the contract demands for each (API.md §1.6).
 * The server turns a thrown code into its status and a short text body; the web client turns
 * the status into a translated toast in one place.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  conflict: 409,
  gone: 410,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  locked: 423,
  too_many_requests: 429,
  /** The installed license's user limit is reached or it has expired (API.md §11.3). */
  license_limit: 451,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
