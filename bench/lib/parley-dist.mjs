/**
 * Parley as built in packages/server/dist, for the bench processes that run it: its modules, the
 * packages it depends on (resolved from packages/server, where they are installed), and sessions
 * minted the way a login mints them.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** `BENCH_SERVER_DIST` (a directory below packages/server) runs another build, for A/B runs. */
const serverDist = path.join(root, 'packages/server', process.env.BENCH_SERVER_DIST || 'dist');

/** A module of the build, by its path below dist (`app.js`, `config/index.js`, …). */
export const importDist = (rel) => import(pathToFileURL(path.join(serverDist, rel)).href);

/** A package the server depends on (better-sqlite3, pg, ioredis): the version the server uses. */
export const requireServerDep = createRequire(path.join(root, 'packages/server/package.json'));

/**
 * Sessions for `count` devices of one user, through the same function `POST /token/login` calls
 * once the password is verified (services/sessions.issueSession): the rows and tokens are the real
 * ones; only the argon2 verify (~10 ms of CPU each) is skipped. One transaction per 500 sessions,
 * so minting is not paced by one commit per row.
 */
export async function mintSessions(parley, uid, prefix, count) {
  const { issueSession } = await importDist('services/sessions.js');
  const user = await parley.ctx.store.users.get(uid);
  if (!user) throw new Error(`no user ${uid}`);
  const tokens = [];
  for (let i = 0; i < count; i += 500) {
    await parley.ctx.store.transaction(async (tx) => {
      for (let k = i; k < Math.min(count, i + 500); k++) {
        tokens.push((await issueSession({ ...parley.ctx, store: tx }, user, `${prefix}-${k}`, null)).token);
      }
    });
  }
  return tokens;
}

/**
 * The resource limits lifted: benchmarks measure capacity, with floods from a few users and
 * thousands of streams per user that the production limits (docs/deploy.md, "Limits") refuse.
 */
export const NO_LIMITS_ENV = {
  SEND_RATE: '1000000',
  SEND_BURST: '1000000',
  BOT_SEND_RATE: '1000000',
  BOT_SEND_BURST: '1000000',
  REGISTER_LIMIT: '1000000/1s',
  LOOKUP_LIMIT: '1000000/1s',
  MAX_STREAMS_PER_USER: '1000000',
  MAX_DEVICES_PER_USER: '1000000',
};
