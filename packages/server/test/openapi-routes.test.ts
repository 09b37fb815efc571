/**
 * The OpenAPI document (`GET /api/spec`) documents every /api route, and every route but the
 * public ones refuses a missing, malformed or tampered token with 401, changing nothing.
 */
import { describe, expect, it } from 'vitest';
import { routeKey } from './support/malformed-requests.js';
import { registeredRoutes } from './support/registered-routes.js';
import { useUnchangedScene } from './support/unchanged-scene.js';

/** Routes anyone may call without a token (API.md §1.4). */
const PUBLIC = new Set([
  'GET /admin/system/initialized',
  'POST /admin/system/create_admin',
  'GET /admin/system/version',
  'GET /admin/system/organization',
  'GET /resource/organization/logo',
  'GET /admin/login/config',
  'GET /admin/smtp/enabled',
  'GET /admin/google_auth/public_config',
  'GET /admin/github_auth/public_config',
  'GET /admin/cloudflared/auto_info',
  'GET /license',
  // The voice list (SPEC §7): VoceChat clients call it without a token; public channels only.
  'GET /admin/agora/channel/{page_no}/{page_size}',
  'GET /admin/agora/channel/user/{name}/false',
  'POST /token/login',
  // Parley's second sign-in step: the mfa_token of the first step is its credential (docs/api.md).
  'POST /token/login/totp',
  'POST /token/openid/authorize',
  'GET /token/metamask/nonce',
  // Authenticated by the third-party secret in `X-SECRET` (API.md §1.4), not by a token.
  'POST /token/create_third_party_key',
  'POST /token/github/authorize',
  'POST /token/google/authorize',
  // The link mailed to the new address is its own credential (docs/api.md, "Changing the e-mail address").
  'POST /user/email/confirm',
  'POST /user/register',
  'GET /user/check_email',
  'POST /user/check_magic_token',
  'POST /user/send_login_magic_link',
  'POST /user/send_reg_magic_link',
  'GET /token/login_guest',
  'GET /resource/avatar',
  'GET /resource/group_avatar',
  'GET /resource/file',
  'GET /resource/archive',
  // In <img> and <a> (API.md §1.4): the archive path, or the favorite's owner and id, is the secret.
  'GET /resource/archive/attachment',
  'GET /favorite/attachment/{uid}/{id}/{attachment_id}',
  // Parley's widget (docs/widget.md): a visitor has no account until it names itself.
  'GET /widget/config',
  // The widget's extra CSS (API.md §7.3), read by the widget before anyone signs in.
  'GET /resource/widget-extra.css',
  'POST /widget/visitor',
  // Parley: the digest mail's unsubscribe link carries its own signed token.
  'GET /user/notify/unsubscribe',
]);

const scene = useUnchangedScene();
const { t } = scene;

/**
 * The token with its signature's first byte changed. (Changing the last characters could touch
 * only the unused low bits of the final base64url character, which are no change at all.)
 */
function tamperedSignature(token: string): string {
  const dot = token.lastIndexOf('.') + 1;
  const first = token[dot];
  return `${token.slice(0, dot)}${first === 'A' ? 'B' : 'A'}${token.slice(dot + 1)}`;
}

describe('the OpenAPI document', () => {
  it('documents every /api route', () => {
    const documented = new Set(scene.routes.map(routeKey));
    const registered = registeredRoutes(t.server.app).filter((r) => {
      const path = r.split(' ')[1]!;
      return path.startsWith('/api/') && path !== '/api/spec' && !path.startsWith('/api/swagger');
    });
    expect(registered.length).toBeGreaterThanOrEqual(40);
    const missing = registered
      .map((r) => r.replace(' /api/', ' /').replace(/:(\w+)/g, '{$1}'))
      .filter((r) => !documented.has(r));
    expect(missing).toEqual([]);
    expect(documented.size).toBe(registered.length);
  });

  it('asks for a token on every route but the public ones', async () => {
    const failures: string[] = [];
    for (const r of scene.routes) {
      const url = scene.fillPath(r.path);
      for (const token of [undefined, 'not-a-token', tamperedSignature(scene.admin.token)]) {
        const res = await t.request(r.method, url, { token });
        if (PUBLIC.has(routeKey(r))) {
          if (res.status === 401) failures.push(`${routeKey(r)} refused an anonymous caller`);
        } else if (res.status !== 401) {
          failures.push(`${routeKey(r)} answered ${res.status} to token ${token ?? '(none)'}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
