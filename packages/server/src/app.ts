/**
 * Builds the Parley server: storage, event bus, hub, the API under `/api` and the web client at `/`.
 * Tests build it in-process with their own store; `main.ts` builds it from the environment.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { LIMITS } from '@parley/protocol';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { loadSecretKey, parseSecretKey, SecretBox } from './auth/secret-box.js';
import { TokenSigner } from './auth/tokens.js';
import type { Blobs } from './blobs/index.js';
import { openBlobs } from './blobs/open.js';
import type { Config } from './config/index.js';
import type { Ctx } from './context.js';
import { installApiDocs } from './http/api-docs.js';
import { installCors } from './http/cors.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { frameAncestors } from './services/embedding.js';
import { requestSerializer } from './http/log-redaction.js';
import { installBodyParsers } from './http/body-parsers.js';
import { installErrorHandling } from './http/errors.js';
import { answerFrameworkError } from './http/framework-errors.js';
import { indexRouteMethods } from './http/method-not-allowed.js';
import { listRoutes, type RegisteredRoute } from './http/route-list.js';
import { namedPlugin } from './http/plugin-name.js';
import { installMetrics } from './metrics/http.js';
import { validatorFactory } from './http/validation.js';
import { cachedSerializerFactory } from './http/serialization.js';
import { InProcessBus, type EventBus } from './realtime/bus.js';
import { Hub } from './realtime/hub.js';
import { InProcessCounters } from './limits/counters.js';
import { LoginLimit } from './limits/login-limit.js';
import { Mutex } from './concurrency/lock.js';
import { RateLimits } from './limits/rate-limits.js';
import { InProcessTokenBuckets } from './limits/token-bucket.js';
import { AddressPolicy } from './outbound/addresses.js';
import { createSafeFetch, type Resolver } from './outbound/safe-fetch.js';
import type { ScaledMode } from './scaled.js';
import { InProcessPresence, type Presence } from './realtime/presence.js';
import { healthRoutes } from './routes/health.js';
import { apiRoutes } from './routes/index.js';
import { expiryRunner } from './services/expiry.js';
import { fileRetentionRunner } from './services/files/retention.js';
import { retentionRunner } from './services/retention.js';
import type { JobRunner } from './services/jobs/job-runner.js';
import { SendQueue } from './services/send-queue.js';
import { sealStoredSecrets } from './services/two-factor/secret.js';
import { WebhookWorker } from './services/webhook-worker.js';
import { NotifyWorker } from './services/notify-worker.js';
import { flushPresence } from './services/presence-announce.js';
import { announceOffline } from './services/stream.js';
import { uploadSweeper } from './services/files/sweeper.js';
import { closeSfuClients } from './services/sfu/nodes.js';
import { openStore } from './store/index.js';
import { cacheReads, SINGLE_NODE, type ReadCacheStats } from './store/read-cache.js';
import type { Store } from './store/types.js';

export interface AppOptions {
  config: Config;
  /** An already open store (tests); otherwise one is opened from the config. */
  store?: Store;
  bus?: EventBus;
  presence?: Presence;
  blobs?: Blobs;
  now?: () => number;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The DNS resolver of outbound fetches (tests give one that answers what they need). */
  resolver?: Resolver;
  /**
   * Timers and queue workers that write on their own (expiry, file retention, upload sweeping,
   * webhook and push deliveries); on unless false. Tests that compare the whole database before
   * and after one request turn them off: a job's write between the two reads looks like the
   * request's.
   */
  backgroundJobs?: boolean;
}

export interface ParleyServer {
  app: FastifyInstance;
  ctx: Ctx;
  hub: Hub;
  /** Every registered route (filled as routes register; complete once `buildServer` resolves). */
  routes: readonly RegisteredRoute[];
  /** Deletes burn-after-reading messages when due (one node of a cluster at a time). */
  expiry: JobRunner;
  notifications: NotifyWorker;
  fileRetention: JobRunner;
  /** Deletes messages past their retention (one node of a cluster at a time). */
  retention: JobRunner;
  /** Hits and misses of the read cache (`store/read-cache.ts`); absent when it is off. */
  readCache: ReadCacheStats | undefined;
  close(): Promise<void>;
}

/** Stored once in the database, so every node of a deployment shares them; the first node wins. */
interface ServerSecrets {
  server_id: string;
  token_key: string;
}

export async function buildServer(options: AppOptions): Promise<ParleyServer> {
  const { config } = options;
  const store =
    options.store ?? (await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const secrets = await store.settings.setIfAbsent<ServerSecrets>('server_secrets', {
    server_id: randomBytes(16).toString('hex'),
    token_key: randomBytes(32).toString('base64url'),
  });
  const secretBox = new SecretBox(
    await loadSecretKey(config.secretKey ? parseSecretKey(config.secretKey) : undefined, config.dataDir),
  );
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: requestSerializer },
      ...(options.logStream && { stream: options.logStream }),
    },
    bodyLimit: LIMITS.jsonBodyMaxBytes,
    // A request must arrive whole within the timeout (408 otherwise), so a client trickling a
    // body cannot hold a connection and its buffers open. Node checks on an interval; a short one
    // keeps the cut close to the timeout. Streams are not affected: their request is complete.
    requestTimeout: config.limits.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.limits.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.limits.requestTimeoutMs / 4)),
    },
    // `DELETE /message/bulk/{mids}` carries up to bulkDeleteMaxMessages ids in one path segment;
    // the router's default (100 characters) would answer 414 past about fifteen.
    routerOptions: { maxParamLength: LIMITS.midListMaxLength },
    // While draining, a request that still arrives on an open connection is served, and its
    // connection closed after it: the node works fully until close() resolves, and a proxy does
    // not resend a POST it already sent, so a refusal would reach the user as an error.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    // Fastify's serializers, each schema compiled once per process (src/http/serialization.ts).
    // Validators are the protocol's own (src/http/validation.ts); given here as a factory, Fastify
    // does not load its default Ajv compiler, which no route uses (issue 9: memory at rest).
    schemaController: {
      compilersFactory: { buildValidator: validatorFactory, buildSerializer: cachedSerializerFactory },
    },
    // Behind a balancer the client's address comes from X-Forwarded-For, from trusted hops only.
    trustProxy: config.trustProxy,
    // Per-request lines only when debugging: streams and polling would drown everything else.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  if (config.redisUrl && !config.secretKey)
    app.log.warn(
      'scaled mode without PARLEY_SECRET_KEY: every node must share DATA_DIR (secret.key), or two-factor sign-in fails on nodes with another key',
    );
  let scaled: ScaledMode | undefined;
  if (config.redisUrl && config.databaseUrl && !options.bus) {
    // Loaded only when scaled: Redis and PostgreSQL clients are a large part of memory at rest.
    const { openScaledMode } = await import('./scaled.js');
    scaled = await openScaledMode({
      redisUrl: config.redisUrl,
      databaseUrl: config.databaseUrl,
      serverId: secrets.server_id,
      store,
      log: app.log,
    });
  }
  const bus = options.bus ?? scaled?.bus ?? new InProcessBus();
  // Rows every request re-reads, kept until a write changes them (here or, in scaled mode, on
  // another node). A bus given from outside tells nothing about other writers: no cache then.
  const cached = options.bus
    ? undefined
    : cacheReads(store, scaled?.invalidation ?? SINGLE_NODE, (err) =>
        app.log.warn({ err }, 'cache invalidation not published'),
      );
  const blobs = options.blobs ?? (await openBlobs(config.blobs));
  const hub = new Hub(bus);
  const counters = scaled?.counters ?? new InProcessCounters();
  const ctx: Ctx = {
    store: cached?.store ?? store,
    blobs,
    bus,
    hub,
    presence: options.presence ?? scaled?.presence ?? new InProcessPresence(),
    config,
    signer: new TokenSigner(secrets.token_key),
    secretBox,
    serverId: secrets.server_id,
    sends: new SendQueue(cached?.store ?? store, bus, scaled?.sendLock ?? new Mutex()),
    loginLimit: new LoginLimit(counters, app.log),
    limits: new RateLimits(
      config.limits,
      counters,
      scaled?.buckets ?? new InProcessTokenBuckets(options.now),
      app.log,
    ),
    outbound: createSafeFetch(new AddressPolicy(config.outbound.allow), options.resolver),
    lifecycle: { draining: false },
    now: options.now ?? Date.now,
    log: app.log,
  };
  await hub.start();
  await sealStoredSecrets(ctx);
  const webhooks = new WebhookWorker(ctx);
  const notifications = new NotifyWorker(ctx);
  scaled?.presence.start((uids) => void announceOffline(ctx, uids));
  const background = options.backgroundJobs !== false;
  const expiry = expiryRunner(ctx);
  const fileRetention = fileRetentionRunner(ctx);
  const retention = retentionRunner(ctx);
  if (background) {
    expiry.start();
    fileRetention.start();
    retention.start();
  }

  if (scaled && cached) {
    // A write another node has answered must be in force here for the next request (the read
    // cache's invalidation message may still be on its way: realtime/redis-invalidation.ts).
    const { invalidation } = scaled;
    app.addHook('onRequest', async () => invalidation.catchUp());
  }

  // Once draining, every response closes its connection: one still busy when close() began would
  // otherwise stay open, idle, until the keep-alive timeout, and hold the exit that long.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (ctx.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  const routes = listRoutes(app);
  installErrorHandling(app, indexRouteMethods(app));
  installCors(app, config.http.corsOrigins);
  await installSecurityHeaders(
    app,
    config,
    () => frameAncestors(ctx.store, config.http.frameAncestors),
    ctx.now,
  );
  installBodyParsers(app);
  const apiDocs = installApiDocs(app, routes);

  await app.register(
    namedPlugin('api', async (api: FastifyInstance) => {
      await api.register(namedPlugin('api routes', apiRoutes(ctx)));
      api.get('/spec', { schema: { hide: true } }, () => apiDocs.spec());
    }),
    { prefix: '/api' },
  );
  await app.register(namedPlugin('health', healthRoutes(ctx)));
  installMetrics(app, config, hub);

  if (config.webDir) {
    const webDir = config.webDir;
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // The build writes `.br` and `.gz` next to each asset; the best one the browser accepts is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', webCacheControl(webDir, filePath)),
    });
  }

  const sweeper = uploadSweeper(ctx);
  if (background) {
    await webhooks.start();
    await notifications.start();
    sweeper.start();
  }
  let closed = false;
  return {
    app,
    ctx,
    hub,
    routes,
    expiry,
    notifications,
    fileRetention,
    retention,
    readCache: cached?.stats,
    async close() {
      if (closed) return;
      closed = true;
      // Refuse new streams and tell the balancer first; then hand open streams to other nodes;
      // then let in-flight requests finish before the connections they need go away.
      ctx.lifecycle.draining = true;
      await webhooks.stop();
      await notifications.stop();
      await sweeper.stop();
      await expiry.stop();
      await fileRetention.stop();
      await retention.stop();
      await hub.stop();
      await flushPresence(ctx);
      await app.close();
      await closeSfuClients(ctx);
      await (scaled ? scaled.close() : bus.close());
      if (!options.blobs) blobs.close();
      if (!options.store) await store.close();
    },
  };
}

/**
 * Files under `assets/` carry a content hash in their name, so a browser may keep them for good;
 * everything else (index.html, translations) must be revalidated so a new build is seen at once.
 */
function webCacheControl(webDir: string, filePath: string): string {
  const relativePath = path.relative(webDir, filePath).split(path.sep).join('/');
  return relativePath.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}
