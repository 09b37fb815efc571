/**
 * The only reader of `process.env`. Everything is validated once at start, and an invalid
 * environment stops the start with every problem listed (not just the first).
 */
import path from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  logLevel: LogLevel;
  /** Directory of the built web client; absent in API-only test runs. */
  webDir: string | undefined;
}

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

  const webDir = env.WEB_DIR?.trim() ? path.resolve(env.WEB_DIR.trim()) : defaults.webDir;

  if (problems.length > 0) throw new ConfigError(problems);
  return { port, host, dataDir, databaseUrl, publicUrl, logLevel, webDir };
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
