/**
 * Resource limits (docs/deploy.md, "Limits"): send and voice signalling rates, per-address limits on anonymous calls,
 * streams and devices per user, and how long a request may take to arrive.
 */
type Env = Record<string, string | undefined>;

/** A token bucket: `perSecond` refills, up to `burst` at once. */
export interface BucketRate {
  perSecond: number;
  burst: number;
}

/** At most `count` in a fixed window of `windowMs`. */
export interface WindowRate {
  count: number;
  windowMs: number;
}

export interface LimitsConfig {
  /** Messages a person may send. */
  send: BucketRate;
  /** Messages a bot may send (bots post for many people at once). */
  botSend: BucketRate;
  /** WebRTC signals (offers, answers, ICE candidates) one device may relay (`POST /voice/signal`). */
  voiceSignal: BucketRate;
  /**
   * How long a ringing call waits for its caller's device to come back after its last event stream
   * closed (a reload rejoins within it; a closed tab ends the ring as a missed call).
   */
  callRejoinGraceMs: number;
  /** Registrations per client address. */
  register: WindowRate;
  /** Anonymous look-ups (check_email, check_magic_token) per client address. */
  lookup: WindowRate;
  /** Magic-link mails per e-mail address (and per client address). */
  magicLink: WindowRate;
  /** Open event streams per user, across all nodes. */
  streamsPerUser: number;
  /** Signed-in devices per user; the least recently used are signed out beyond it. */
  devicesPerUser: number;
  /** The whole request (headers and body) must arrive within this; otherwise 408. */
  requestTimeoutMs: number;
  /**
   * A user whose last stream closed is announced offline this much later, unless a stream of
   * theirs opened meanwhile (a reconnect then announces nothing). 0: at once.
   */
  presenceGraceMs: number;
}

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000 };

export function parseLimits(env: Env, problems: string[]): LimitsConfig {
  return {
    send: {
      perSecond: positive('SEND_RATE', env.SEND_RATE, 5, problems),
      burst: positive('SEND_BURST', env.SEND_BURST, 30, problems),
    },
    botSend: {
      perSecond: positive('BOT_SEND_RATE', env.BOT_SEND_RATE, 50, problems),
      burst: positive('BOT_SEND_BURST', env.BOT_SEND_BURST, 300, problems),
    },
    voiceSignal: {
      perSecond: positive('VOICE_SIGNAL_RATE', env.VOICE_SIGNAL_RATE, 20, problems),
      burst: positive('VOICE_SIGNAL_BURST', env.VOICE_SIGNAL_BURST, 200, problems),
    },
    callRejoinGraceMs: positive('CALL_REJOIN_GRACE_MS', env.CALL_REJOIN_GRACE_MS, 10_000, problems, true),
    register: windowRate('REGISTER_LIMIT', env.REGISTER_LIMIT, { count: 20, windowMs: 600_000 }, problems),
    lookup: windowRate('LOOKUP_LIMIT', env.LOOKUP_LIMIT, { count: 60, windowMs: 60_000 }, problems),
    magicLink: windowRate(
      'MAGIC_LINK_LIMIT',
      env.MAGIC_LINK_LIMIT,
      { count: 5, windowMs: 900_000 },
      problems,
    ),
    streamsPerUser: positive('MAX_STREAMS_PER_USER', env.MAX_STREAMS_PER_USER, 20, problems, true),
    devicesPerUser: positive('MAX_DEVICES_PER_USER', env.MAX_DEVICES_PER_USER, 30, problems, true),
    requestTimeoutMs: positive('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000, problems, true),
    presenceGraceMs: wholeOrZero('PRESENCE_GRACE_MS', env.PRESENCE_GRACE_MS, 15_000, problems),
  };
}

function positive(
  name: string,
  raw: string | undefined,
  d: number,
  problems: string[],
  whole = false,
): number {
  if (raw === undefined || raw.trim() === '') return d;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || (whole && !Number.isInteger(n))) {
    problems.push(`${name} must be a positive ${whole ? 'whole ' : ''}number (got "${raw}")`);
    return d;
  }
  return n;
}

function wholeOrZero(name: string, raw: string | undefined, d: number, problems: string[]): number {
  if (raw === undefined || raw.trim() === '') return d;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    problems.push(`${name} must be a whole number, 0 or more (got "${raw}")`);
    return d;
  }
  return n;
}

/** `20/10m`: 20 in every 10 minutes (units s, m, h). */
function windowRate(name: string, raw: string | undefined, d: WindowRate, problems: string[]): WindowRate {
  if (raw === undefined || raw.trim() === '') return d;
  const m = /^\s*(\d+)\s*\/\s*(\d*)\s*([smh])\s*$/.exec(raw);
  const count = Number(m?.[1]);
  const windowMs = Number(m?.[2] || 1) * (UNITS[m?.[3] ?? ''] ?? 0);
  if (!m || count < 1 || windowMs <= 0) {
    problems.push(`${name} must look like 20/10m (a count per window in s, m or h; got "${raw}")`);
    return d;
  }
  return { count, windowMs };
}
