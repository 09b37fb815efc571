/** Browser-facing HTTP policy (docs/deploy.md, "Browser security"): CORS and who may frame the app. */
type Env = Record<string, string | undefined>;

export interface HttpPolicyConfig {
  /** Origins whose cross-origin requests get CORS headers; undefined: any (the contract's rule). */
  corsOrigins: string[] | undefined;
  /** CSP `frame-ancestors` sources: who may embed the app in a frame. */
  frameAncestors: string;
}

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;
const SOURCE = /^('self'|'none'|https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?)$/i;

export function parseHttpPolicy(env: Env, problems: string[]): HttpPolicyConfig {
  let corsOrigins: string[] | undefined;
  const cors = env.CORS_ORIGINS?.trim();
  if (cors && cors !== '*') {
    corsOrigins = cors.split(',').map((o) => o.trim().replace(/\/+$/, ''));
    if (corsOrigins.some((o) => !ORIGIN.test(o))) {
      problems.push(
        'CORS_ORIGINS must be * or a comma-separated list of origins such as https://app.example.com',
      );
      corsOrigins = [];
    }
  }
  let frameAncestors = env.FRAME_ANCESTORS?.trim() || "'self'";
  if (frameAncestors.split(/\s+/).some((s) => !SOURCE.test(s))) {
    problems.push(
      "FRAME_ANCESTORS must be 'self', 'none', or space-separated origins such as https://intranet.example.com",
    );
    frameAncestors = "'self'";
  }
  return { corsOrigins, frameAncestors };
}
