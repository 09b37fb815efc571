/**
 * Outbound fetches made for users (link previews, the image proxy; docs/deploy.md, "Outbound
 * fetches"): which non-public addresses they may reach, and how often a user may ask.
 */
import { isAddressOrRange } from '../outbound/addresses.js';

type Env = Record<string, string | undefined>;

export interface OutboundConfig {
  /**
   * Addresses and CIDR ranges reachable although not public (`OUTBOUND_ALLOW`): for tests and
   * intranet pages. Refused when `NODE_ENV=production`, so a production server cannot be pointed
   * at its own network through a setting.
   */
  allow: string[];
  /** Link previews and proxied images a user may request per minute (`PREVIEW_RATE`). */
  perUserPerMinute: number;
}

export function parseOutbound(env: Env, problems: string[]): OutboundConfig {
  const allow = (env.OUTBOUND_ALLOW ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (allow.some((e) => !isAddressOrRange(e)))
    problems.push('OUTBOUND_ALLOW must be a comma-separated list of IP addresses or CIDR ranges');
  if (allow.length > 0 && env.NODE_ENV === 'production')
    problems.push('OUTBOUND_ALLOW is for tests and development; it cannot be set with NODE_ENV=production');
  const raw = env.PREVIEW_RATE?.trim();
  let perUserPerMinute = 120;
  if (raw) {
    const n = Number(raw);
    if (Number.isInteger(n) && n > 0) perUserPerMinute = n;
    else problems.push(`PREVIEW_RATE must be a positive whole number (got "${raw}")`);
  }
  return { allow, perUserPerMinute };
}
