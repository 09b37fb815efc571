import type { RenewResponse } from '@parley/protocol';
import { dispatch, getState } from '../store';
import { ApiError } from './api-error';
import { needsRenewal, ruleFor } from './endpoint-rules';
import { toastApiError, type ErrorOverrides } from './error-toast';
import { ROUTES } from './routes';

export const API_BASE = '/api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: Method;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is, with `contentType` (for a Blob, its own type when none is given). */
  body?: string | Blob;
  contentType?: string;
  headers?: Record<string, string>;
  /** Per-status toast overrides; `errors: { default: null }` silences the call. */
  errors?: ErrorOverrides;
  timeoutMs?: number;
}

type UnauthorizedListener = () => void;
let unauthorizedListener: UnauthorizedListener | null = null;

/** The app registers how to navigate to the login screen after a 401. */
export function setUnauthorizedListener(listener: UnauthorizedListener | null): void {
  unauthorizedListener = listener;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** Calls the API. Resolves with the parsed body (JSON, or text for text endpoints, `null` when empty). */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  try {
    return await perform<T>(path, method, options);
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError(0, path, '');
    handleFailure(apiError, path, options);
    throw apiError;
  }
}

async function perform<T>(path: string, method: Method, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  const rule = ruleFor(method, path);
  if (rule?.auth !== 'public') {
    await ensureFreshToken();
    const token = getState().auth?.token;
    if (!token) throw new ApiError(401, path, '');
    headers['X-API-Key'] = token;
  }
  let body: string | Blob | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['Content-Type'] = 'application/json';
  } else if (options.body !== undefined) {
    body = options.body;
    const type = options.contentType ?? (typeof body === 'string' ? 'text/plain' : body.type);
    if (type) headers['Content-Type'] = type;
  }
  const controller = options.timeoutMs ? new AbortController() : null;
  const timer = controller ? setTimeout(() => controller.abort(), options.timeoutMs) : null;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: controller?.signal,
    });
  } catch {
    throw new ApiError(0, path, '');
  } finally {
    if (timer) clearTimeout(timer);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new ApiError(response.status, path, text);
  if (rule?.kind === 'text') return text as T;
  if (text === '') return null as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/**
 * A 401 ends the session. A 451 does not: upstream VoceChat clients sign out on it (API.md §2),
 * but Parley answers 451 only when the license refuses a new account, never to a session's own
 * authentication, so an administrator whose `POST /admin/user` hits the user limit stays signed in
 * and sees the toast.
 */
function handleFailure(error: ApiError, path: string, options: RequestOptions): void {
  const clearsAuth = error.status === 401 && path !== ROUTES.login.path;
  if (clearsAuth && getState().auth) {
    dispatch({ type: 'auth/cleared' });
    unauthorizedListener?.();
  }
  toastApiError(error, options.errors);
}

let renewal: Promise<void> | null = null;

/**
 * Renews the access token when it expires within the margin. Concurrent callers share one renewal, so the
 * refresh token is spent once (API.md §15.4).
 */
export function ensureFreshToken(): Promise<void> {
  const auth = getState().auth;
  if (!auth || !needsRenewal(auth.expireTime, Date.now())) return Promise.resolve();
  renewal ??= renewToken(auth.token, auth.refreshToken).finally(() => {
    renewal = null;
  });
  return renewal;
}

async function renewToken(token: string, refreshToken: string): Promise<void> {
  const renew = await request<RenewResponse>(ROUTES.renew.path, {
    method: ROUTES.renew.method,
    json: { token, refresh_token: refreshToken },
    errors: { 401: null },
  });
  if (getState().auth?.refreshToken === refreshToken)
    dispatch({ type: 'auth/renewed', renew, now: Date.now() });
}
