/**
 * The server side of the benchmark, one process per run, driven over IPC by `bench/run.mjs`:
 *
 *   node --expose-gc bench/lib/host.mjs parley   Parley itself (buildServer from packages/server/dist)
 *   node --expose-gc bench/lib/host.mjs bare     the limits: a bare node:http SSE broadcaster that also
 *                                               answers the send route (no framework, no database)
 *   node --expose-gc bench/lib/host.mjs fastify  the same two routes on Fastify (no database, no
 *                                               authentication): the floor the framework alone sets
 *
 * It reports its own memory, CPU time and event-loop delay, so the load client's costs are never
 * counted here. The Parley host also runs the SQLite tight loop (same schema and pragmas) and the
 * raw initial-sync read used as limits.
 */
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { serveIpc } from './ipc.mjs';
import { memoryDetail } from './memory-detail.mjs';
import { importDist, mintSessions, NO_LIMITS_ENV, requireServerDep } from './parley-dist.mjs';
import { serverPhases, timeAsync } from './server-phases.mjs';
import { summarize } from './stats.mjs';

const Database = requireServerDep('better-sqlite3');

const kind = process.argv[2];
if (kind !== 'parley' && kind !== 'bare' && kind !== 'fastify') {
  console.error('usage: host.mjs parley|bare|fastify');
  process.exit(2);
}

/**
 * Per-phase samples of the instrumented steps (ms). For a chat fan-out, `publish` is the
 * synchronous JS loop (serialise once, res.write per stream) and `flush` runs until the sockets
 * have been written: node:http corks each response and uncorks it (the writev syscall) in a
 * process.nextTick queued during the loop, so a nextTick queued after the loop runs after them.
 */
const phases = serverPhases(['insert', 'batch', 'publish', 'flush', 'verify'], { loopDelayMax: true });
const record = phases.record;

// --------------------------------------------------------------------------------------------
// The bare limit: node:http, an in-memory set of responses, one write loop per POST.
// --------------------------------------------------------------------------------------------
/**
 * One chat frame to every open stream, timed as Parley's fan-out is: the same event shape (and so
 * the same frame size) as Parley's chat event.
 */
function broadcast(conns, mid, gid, text) {
  const t0 = performance.now();
  const frame = `data: ${JSON.stringify({
    type: 'chat',
    mid,
    from_uid: 1,
    created_at: Date.now(),
    target: { gid },
    detail: { type: 'normal', properties: null, content_type: 'text/plain', content: text, expires_in: null },
  })}\n\n`;
  for (const c of conns) c.write(frame);
  record('publish', performance.now() - t0);
  process.nextTick(() => record('flush', performance.now() - t0));
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

function bareHost() {
  const conns = new Set();
  let mid = 0;
  let server;
  const SEND = /^\/api\/group\/(\d+)\/send$/;
  return {
    async start() {
      server = http.createServer((req, res) => {
        if (req.method === 'GET' && req.url.startsWith('/api/user/events')) {
          res.writeHead(200, SSE_HEADERS);
          res.socket?.setNoDelay(true);
          res.write('data: {"type":"ready"}\n\n');
          conns.add(res);
          res.on('close', () => conns.delete(res));
          return;
        }
        const m = req.method === 'POST' && SEND.exec(req.url);
        if (m) {
          const chunks = [];
          req.on('data', (c) => chunks.push(c));
          req.on('end', () => {
            mid += 1;
            broadcast(conns, mid, Number(m[1]), Buffer.concat(chunks).toString('utf8'));
            const body = String(mid);
            res.writeHead(200, {
              'content-type': 'application/json; charset=utf-8',
              'content-length': Buffer.byteLength(body),
            });
            res.end(body);
          });
          return;
        }
        res.writeHead(404).end();
      });
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { port: server.address().port, pid: process.pid };
    },
    streams: () => conns.size,
    async stop() {
      for (const c of conns) c.destroy();
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
      return true;
    },
  };
}

// --------------------------------------------------------------------------------------------
// The framework's floor: the bare host's two routes on Fastify, with what every Parley route has
// (a validated params schema, the text body parsed, a reply through a compiled serialiser) and
// nothing else: no store, no authentication, no event hub.
// --------------------------------------------------------------------------------------------
function fastifyHost() {
  const conns = new Set();
  let mid = 0;
  let app;
  return {
    async start() {
      const Fastify = requireServerDep('fastify');
      app = Fastify({ logger: false });
      app.get('/api/user/events', (req, reply) => {
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, SSE_HEADERS);
        res.socket?.setNoDelay(true);
        res.write('data: {"type":"ready"}\n\n');
        conns.add(res);
        res.on('close', () => conns.delete(res));
      });
      app.post(
        '/api/group/:gid/send',
        {
          schema: {
            params: {
              type: 'object',
              properties: { gid: { type: 'integer', minimum: 1 } },
              required: ['gid'],
            },
            response: { 200: { type: 'integer' } },
          },
        },
        async (req) => {
          mid += 1;
          broadcast(conns, mid, req.params.gid, req.body);
          return mid;
        },
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      return { port: app.server.address().port, pid: process.pid };
    },
    streams: () => conns.size,
    async stop() {
      for (const c of conns) c.destroy();
      await app.close();
      return true;
    },
  };
}

// --------------------------------------------------------------------------------------------
// Parley, built in this process from packages/server/dist.
// --------------------------------------------------------------------------------------------
function parleyHost() {
  let parley;
  let dbFile;
  let dataDir;
  return {
    /** `env`: configuration on top of the bench's (the reconnect storm sets PRESENCE_GRACE_MS). */
    async start(dir, env = {}) {
      dataDir = dir;
      const { buildServer } = await importDist('app.js');
      const { loadConfig } = await importDist('config/index.js');
      const { SQLITE_FILE_NAME } = await importDist('store/index.js');
      dbFile = path.join(dataDir, SQLITE_FILE_NAME);
      parley = await buildServer({
        config: loadConfig({
          ...NO_LIMITS_ENV,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          PORT: '0',
          HOST: '127.0.0.1',
          ...env,
        }),
      });
      // Instrumentation only (the server code is untouched): time the message insert (the commit),
      // the synchronous fan-out of chat events (serialise once + one write per stream) and the
      // access-token check every authenticated request makes.
      timeAsync(parley.ctx.store.messages, 'insertMany', (ms) => record('insert', ms));
      // One sample per commit: how many sends group commit put into it.
      const insertMany = parley.ctx.store.messages.insertMany;
      parley.ctx.store.messages.insertMany = (messages, ...rest) => {
        record('batch', messages.length);
        return insertMany(messages, ...rest);
      };
      timeAsync(parley.ctx.signer, 'verify', (ms) => record('verify', ms));
      const bus = parley.ctx.bus;
      const publish = bus.publish.bind(bus);
      bus.publish = (envelope) => {
        if (envelope.event.type !== 'chat') return publish(envelope);
        const t0 = performance.now();
        const done = publish(envelope); // InProcessBus delivers synchronously inside this call
        record('publish', performance.now() - t0);
        process.nextTick(() => record('flush', performance.now() - t0));
        return done;
      };
      await parley.app.listen({ port: 0, host: '127.0.0.1' });
      return { port: parley.app.server.address().port, pid: process.pid, dbFile };
    },
    streams: () => parley.hub.connectionCount(),

    /** Stream tokens for one user's devices, as a login would issue them (see parley-dist.mjs). */
    mintSessions: (uid, prefix, count) => mintSessions(parley, uid, prefix, count),

    async countMessages() {
      const db = new Database(dbFile, { readonly: true, fileMustExist: true });
      try {
        return db.prepare('select count(*) as n from messages').get().n;
      } finally {
        db.close();
      }
    },

    /** Inserts `per` messages into each channel in one transaction (seed for the sync test). */
    async seed(gids, per, fromUid, textBytes) {
      const { store } = parley.ctx;
      const now = Date.now();
      await store.transaction(async (tx) => {
        for (const gid of gids) {
          for (let i = 0; i < per; i++) {
            await tx.messages.insert({
              from_uid: fromUid,
              created_at: now,
              target: { gid },
              detail: {
                type: 'normal',
                properties: null,
                content_type: 'text/plain',
                content: `seed ${gid}/${i} `.padEnd(textBytes, 'x'),
                expires_in: null,
              },
            });
          }
        }
      });
      return gids.length * per;
    },

    /**
     * The SQLite limit: a copy of the server's database (VACUUM INTO, so the same tables, indexes
     * and rows), WAL, synchronous=FULL, foreign_keys=ON as in store/sqlite.ts, and the server's
     * insert statement with one commit per row, for `durationMs` or `maxRows`.
     */
    sqliteTight(durationMs, maxRows, gid, fromUid, textBytes, tag) {
      const copy = path.join(dataDir, `tight-${tag}.db`);
      const src = new Database(dbFile, { fileMustExist: true });
      src.prepare('vacuum into ?').run(copy);
      src.close();
      const db = new Database(copy, { timeout: 5000 });
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      const stmt = db.prepare(
        'insert into "messages" ("from_uid", "gid", "dm_low", "dm_high", "target_uid", "created_at", "detail", "ref_mid") values (?, ?, ?, ?, ?, ?, ?, ?) returning "mid"',
      );
      const lat = [];
      const t0 = performance.now();
      const deadline = t0 + durationMs;
      let rows = 0;
      while (rows < maxRows) {
        const t = performance.now();
        if (t >= deadline) break;
        const detail = JSON.stringify({
          type: 'normal',
          properties: null,
          content_type: 'text/plain',
          content: `tight ${rows} `.padEnd(textBytes, 'x'),
          expires_in: null,
        });
        stmt.get(fromUid, gid, null, null, null, Date.now(), detail, null);
        rows += 1;
        lat.push(performance.now() - t);
      }
      const elapsed = performance.now() - t0;
      const sync = db.pragma('synchronous', { simple: true });
      const mode = db.pragma('journal_mode', { simple: true });
      const version = db.prepare('select sqlite_version() as v').get().v;
      db.close();
      return {
        rows,
        elapsedMs: elapsed,
        rowsPerSec: (rows / elapsed) * 1000,
        commitMs: summarize(lat),
        synchronous: sync,
        journalMode: mode,
        sqliteVersion: version,
      };
    },

    /**
     * The initial-sync limit: the same rows a new device receives (newest `per` per channel) read
     * with one indexed query per channel on a read-only connection, parsed and serialised as
     * `data:` frames. No HTTP, no socket.
     */
    rawSync(gids, per, reps) {
      const db = new Database(dbFile, { readonly: true, fileMustExist: true });
      const stmt = db.prepare(
        'select mid, from_uid, gid, target_uid, created_at, detail from messages where gid = ? order by mid desc limit ?',
      );
      const times = [];
      let frames = 0;
      let bytes = 0;
      for (let r = 0; r < reps; r++) {
        const t0 = performance.now();
        frames = 0;
        bytes = 0;
        for (const gid of gids) {
          const rows = stmt.all(gid, per).reverse();
          for (const row of rows) {
            const frame = `data: ${JSON.stringify({
              type: 'chat',
              mid: row.mid,
              from_uid: row.from_uid,
              created_at: row.created_at,
              target: { gid: row.gid },
              detail: JSON.parse(row.detail),
            })}\n\n`;
            frames += 1;
            bytes += Buffer.byteLength(frame);
          }
        }
        times.push(performance.now() - t0);
      }
      db.close();
      return { ms: summarize(times), frames, bytes };
    },

    async stop() {
      await parley.close();
      return true;
    },
  };
}

const target = { bare: bareHost, fastify: fastifyHost, parley: parleyHost }[kind]();
serveIpc({ ...phases.commands, memoryDetail, ...target });
