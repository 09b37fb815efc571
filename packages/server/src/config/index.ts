/**
 * The only reader of `process.env`. Everything is validated once at start, and an invalid
 * environment stops the start with every problem listed (not just the first).
 */
import { parseLicense, type LicenseConfig } from './license.js';
import path from 'node:path';
import { parseSecretKey } from '../auth/secret-box.js';
import { DEFAULT_PASSWORD_HASHING, type PasswordHashing } from '../auth/passwords.js';
import { parseFiles, type FilesConfig } from './files.js';
import { parseHttpPolicy, type HttpPolicyConfig } from './http.js';
import { parseLimits, type LimitsConfig } from './limits.js';
import { parseOutbound, type OutboundConfig } from './outbound.js';
import { parsePush, type PushConfig } from './push.js';
import { parseSignin, type SigninConfig } from './signin.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  logLevel: LogLevel;
  /** Set in scaled mode: the Redis that carries events, presence and counters between nodes. */
  redisUrl: string | undefined;
  blobs: BlobsConfig;
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's `trustProxy`): false, true (any), or
   * addresses and CIDR ranges of the load balancers.
   */
  trustProxy: boolean | string[];
  /** Directory of the built web client; absent in API-only test runs. */
  webDir: string | undefined;
  /** Who may read `/metrics`: a bearer token (`METRICS_TOKEN`) or addresses (`METRICS_ALLOW`). */
  metrics: { token: string | undefined; allow: string[] };
  /** argon2id cost: not read from the environment; test servers lower it, nothing else does. */
  passwordHashing: PasswordHashing;
  limits: LimitsConfig;
  http: HttpPolicyConfig;
  files: FilesConfig;
  outbound: OutboundConfig;
  push: PushConfig;
  signin: SigninConfig;
  /**
   * `PARLEY_SECRET_KEY`: the key that encrypts secrets at rest (32 bytes, hex or base64); unset,
   * the data directory's `secret.key` is used (created on first start).
   */
  secretKey: string | undefined;
  license: LicenseConfig;
}

/** Where uploads live: a directory (shared by all nodes in scaled mode) or an S3-compatible bucket. */
export type BlobsConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Absent for AWS itself; set for any other S3-compatible service. */
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      /** Path-style URLs (`endpoint/bucket/key`), which most non-AWS services need. */
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env, defaults: { webDir?: string } = {}): Config {
  const problems: string[] = [];

  const port = parsePort(env.PORT, problems);
  const host = env.HOST?.trim() || '0.0.0.0';
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');

  let databaseUrl: string | undefined = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\/.+/.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
    databaseUrl = undefined;
  }

  let publicUrl = env.PUBLIC_URL?.trim() || undefined;
  if (publicUrl) {
    try {
      const u = new URL(publicUrl);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
      publicUrl = publicUrl.replace(/\/+$/, '');
    } catch {
      problems.push('PUBLIC_URL must be an http(s) URL such as https://chat.example.com');
    }
  }

  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  let redisUrl = env.REDIS_URL?.trim() || undefined;
  if (redisUrl && !/^rediss?:\/\/.+/.test(redisUrl)) {
    problems.push('REDIS_URL must be a redis:// or rediss:// URL');
    redisUrl = undefined;
  }
  if (redisUrl && !databaseUrl) {
    problems.push('REDIS_URL (scaled mode) needs DATABASE_URL: every node must use the same PostgreSQL');
  }

  const blobs = parseBlobs(env, dataDir, problems);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);

  const webDir = env.WEB_DIR?.trim() ? path.resolve(env.WEB_DIR.trim()) : defaults.webDir;

  const metrics = {
    token: env.METRICS_TOKEN?.trim() || undefined,
    allow: (env.METRICS_ALLOW ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  };
  if (metrics.token && metrics.token.length < 16)
    problems.push('METRICS_TOKEN must be at least 16 characters');
  const limits = parseLimits(env, problems);
  const http = parseHttpPolicy(env, problems);
  const files = parseFiles(env, problems);
  const outbound = parseOutbound(env, problems);
  const push = parsePush(env, problems);
  const signin = parseSignin(env, problems);
  const secretKey = env.PARLEY_SECRET_KEY?.trim() || undefined;
  if (secretKey && !parseSecretKey(secretKey))
    problems.push('PARLEY_SECRET_KEY must be 32 bytes: 64 hex digits or 43 base64 characters');
  const license = parseLicense(env, problems);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    publicUrl,
    logLevel,
    redisUrl,
    blobs,
    trustProxy,
    webDir,
    metrics,
    passwordHashing: DEFAULT_PASSWORD_HASHING,
    limits,
    http,
    files,
    outbound,
    push,
    signin,
    secretKey,
    license,
  };
}

function parseTrustProxy(raw: string | undefined, problems: string[]): boolean | string[] {
  const value = raw?.trim();
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  const entries = value.split(',').map((e) => e.trim());
  // IPv4 or IPv6 addresses, optionally with a prefix length.
  if (entries.some((e) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(e))) {
    problems.push('TRUST_PROXY must be true, false, or a comma-separated list of addresses or CIDR ranges');
    return false;
  }
  return entries;
}

function parseBlobs(env: Env, dataDir: string, problems: string[]): BlobsConfig {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return { kind: 'local', dir: path.join(dataDir, 'blobs') };
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push('S3_BUCKET must be 3-63 lowercase letters, digits, dots or hyphens');
  }
  let endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint) {
    try {
      const u = new URL(endpoint);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    } catch {
      problems.push('S3_ENDPOINT must be an http(s) URL');
      endpoint = undefined;
    }
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  if (pathStyle !== undefined && pathStyle !== '' && pathStyle !== 'true' && pathStyle !== 'false') {
    problems.push('S3_FORCE_PATH_STYLE must be true or false');
  }
  return {
    kind: 's3',
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    endpoint,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle ? pathStyle === 'true' : endpoint !== undefined,
  };
}

function parsePort(raw: string | undefined, problems: string[]): number {
  if (raw === undefined || raw.trim() === '') return 3000;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    problems.push(`PORT must be an integer between 0 and 65535 (got "${raw}")`);
    return 3000;
  }
  return n;
}
