/** Starts one Parley node from the environment. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { buildServer } from './app.js';
import { ConfigError, loadConfig } from './config/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const builtWeb = path.resolve(here, '../../web/dist');

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, { webDir: existsSync(builtWeb) ? builtWeb : undefined });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const server = await buildServer({ config });
  const shutdown = async (signal: string) => {
    server.app.log.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await server.app.listen({ port: config.port, host: config.host });
  server.app.log.info(
    `Parley is running on http://localhost:${config.port} (${
      config.redisUrl
        ? 'scaled mode: PostgreSQL and Redis'
        : config.databaseUrl
          ? 'PostgreSQL'
          : `SQLite in ${config.dataDir}`
    })`,
  );
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
