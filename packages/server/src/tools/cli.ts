/** What the backup and restore commands share: the file argument and the configured store. */
import path from 'node:path';
import { loadConfig, type Config } from '../config/index.js';

export function commandLine(usage: string): { file: string; config: Config } {
  const arg = process.argv[2];
  if (!arg) fail(`usage: ${usage}`);
  // `npm run` changes to the repository root; a relative path means where the user typed it.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    fail('DATABASE_URL is set: back up and restore PostgreSQL with pg_dump / pg_restore (docs/deploy.md)');
  }
  return { file, config };
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
