/**
 * Calls made without a token (SPEC §7, API.md §1.4). Everything else carries `X-API-Key` and is preceded
 * by a token renewal when the token expires within the margin.
 */
const PUBLIC_ENDPOINTS = new Set([
  'POST /token/login',
  'GET /token/login_guest',
  'POST /token/renew',
  'POST /user/register',
  'POST /user/send_login_magic_link',
  'POST /user/send_reg_magic_link',
  'GET /user/check_email',
  'POST /user/check_magic_token',
  'POST /token/openid/authorize',
  'GET /token/metamask/nonce',
  'GET /admin/system/initialized',
  'POST /admin/system/create_admin',
  'GET /admin/system/organization',
  'GET /admin/system/version',
  'GET /admin/login/config',
  'GET /admin/smtp/enabled',
  'GET /admin/google_auth/public_config',
  'GET /admin/github_auth/public_config',
]);

/** Endpoints answering raw text rather than JSON (API.md §1.3). */
const TEXT_ENDPOINTS = new Set([
  '/admin/system/version',
  '/group/create_reg_magic_link',
  '/group/create_invite_private_magic_link',
  '/user/send_login_magic_link',
  '/admin/system/third_party_secret',
  '/admin/system/frontend_url',
]);

export const isPublicEndpoint = (method: string, path: string): boolean =>
  PUBLIC_ENDPOINTS.has(`${method.toUpperCase()} ${path}`) || path.startsWith('/bot/');

export const isTextEndpoint = (path: string): boolean => TEXT_ENDPOINTS.has(path);

/** Token renewal margin (SPEC §9): renew when the token expires within 20 s. */
export const RENEW_MARGIN_MS = 20_000;

export const needsRenewal = (expireTime: number, now: number): boolean => expireTime - now <= RENEW_MARGIN_MS;
