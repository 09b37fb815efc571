import type { RouteRule } from '@parley/protocol';
import { ROUTES } from './routes';

const rules: readonly RouteRule[] = Object.values(ROUTES);
const pattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
const templated = rules.filter((r) => r.path.includes(':')).map((r) => ({ rule: r, re: pattern(r.path) }));

/** The table entry a request goes to; a fixed path wins over a template (`/user/me` over `/user/:uid`). */
export function ruleFor(method: string, path: string): RouteRule | undefined {
  const upper = method.toUpperCase();
  return (
    rules.find((r) => r.method === upper && r.path === path) ??
    templated.find(({ rule, re }) => rule.method === upper && re.test(path))?.rule
  );
}

/**
 * Calls made without a token (SPEC §7, API.md §1.4). Everything else carries `X-API-Key` and is
 * preceded by a token renewal when the token expires within the margin.
 */
export const isPublicEndpoint = (method: string, path: string): boolean =>
  ruleFor(method, path)?.auth === 'public';

/** Endpoints answering raw text rather than JSON (API.md §1.3). */
export const isTextEndpoint = (path: string, method = 'GET'): boolean =>
  ruleFor(method, path)?.kind === 'text';

/** Token renewal margin (SPEC §9): renew when the token expires within 20 s. */
export const RENEW_MARGIN_MS = 20_000;

export const needsRenewal = (expireTime: number, now: number): boolean => expireTime - now <= RENEW_MARGIN_MS;
