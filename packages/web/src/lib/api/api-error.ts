/** Any failed API call. `status` is 0 when the request never got an HTTP answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly endpoint: string;
  readonly body: string;
  /** `reason` of a JSON error body such as `{ "reason": "name_conflict" }` (API.md §1.6). */
  readonly reason: string | null;

  constructor(status: number, endpoint: string, body: string) {
    super(status === 0 ? `${endpoint}: Failed to fetch` : `${endpoint}: HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.endpoint = endpoint;
    this.body = body;
    this.reason = parseReason(body);
  }
}

function parseReason(body: string): string | null {
  if (!body.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(body) as { reason?: unknown };
    return typeof parsed.reason === 'string' ? parsed.reason : null;
  } catch {
    return null;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
