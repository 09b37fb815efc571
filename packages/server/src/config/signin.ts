/**
 * Where outside sign-in methods are reached. The defaults are the real services; tests (and
 * offline deployments) point them at stand-ins. `OIDC_ALLOW_HTTP` lets OpenID issuers be plain
 * http:// — for local testing only, never in production.
 */
export interface SigninConfig {
  oidcAllowHttp: boolean;
  /** GitHub's web origin, where the OAuth code is exchanged (`/login/oauth/access_token`). */
  githubUrl: string;
  /** GitHub's API origin (`/user`, `/user/emails`). */
  githubApiUrl: string;
  /** Google's signing keys for ID tokens. */
  googleJwksUrl: string;
  /** Where the browser asks Google for an ID token (the login page's Google button). */
  googleAuthUrl: string;
}

type Env = Record<string, string | undefined>;

function url(env: Env, name: string, fallback: string, problems: string[]): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    return raw.replace(/\/+$/, '');
  } catch {
    problems.push(`${name} must be an http(s) URL`);
    return fallback;
  }
}

export function parseSignin(env: Env, problems: string[]): SigninConfig {
  const allow = env.OIDC_ALLOW_HTTP?.trim().toLowerCase();
  if (allow && allow !== 'true' && allow !== 'false') problems.push('OIDC_ALLOW_HTTP must be true or false');
  return {
    oidcAllowHttp: allow === 'true',
    githubUrl: url(env, 'GITHUB_URL', 'https://github.com', problems),
    githubApiUrl: url(env, 'GITHUB_API_URL', 'https://api.github.com', problems),
    googleJwksUrl: url(env, 'GOOGLE_JWKS_URL', 'https://www.googleapis.com/oauth2/v3/certs', problems),
    googleAuthUrl: url(env, 'GOOGLE_AUTH_URL', 'https://accounts.google.com/o/oauth2/v2/auth', problems),
  };
}
