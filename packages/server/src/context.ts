import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from './auth/secret-box.js';
import type { TokenSigner } from './auth/tokens.js';
import type { Config } from './config/index.js';
import type { EventBus } from './realtime/bus.js';
import type { Hub } from './realtime/hub.js';
import type { LoginLimit } from './limits/login-limit.js';
import type { RateLimits } from './limits/rate-limits.js';
import type { SafeFetch } from './outbound/safe-fetch.js';
import type { SendQueue } from './services/send-queue.js';
import type { Presence } from './realtime/presence.js';
import type { Blobs } from './blobs/index.js';
import type { Store } from './store/types.js';
import type { UserRecord } from './store/types.js';

/** What every service call receives; services read no globals. */
export interface Ctx {
  readonly store: Store;
  readonly blobs: Blobs;
  readonly bus: EventBus;
  readonly presence: Presence;
  /** This node's open event streams: routes open streams through it. */
  readonly hub: Hub;
  readonly config: Config;
  readonly signer: TokenSigner;
  /** Encrypts secrets stored in the database with a key kept outside it (`auth/secret-box.ts`). */
  readonly secretBox: SecretBox;
  readonly serverId: string;
  /**
   * Commits and publishes chat records under the send lock (in-process, or cluster-wide in scaled
   * mode), in batches, so every stream sees them in mid order.
   */
  readonly sends: SendQueue;
  readonly loginLimit: LoginLimit;
  /** Send rates and per-address limits (429 with Retry-After). */
  readonly limits: RateLimits;
  /** The one HTTP client for fetches made on a user's behalf (`outbound/safe-fetch.ts`). */
  readonly outbound: SafeFetch;
  /** Set when the node starts shutting down: readiness fails and new streams are refused. */
  readonly lifecycle: { draining: boolean };
  readonly now: () => number;
  readonly log: FastifyBaseLogger;
}

/** The authenticated caller of a request. */
export interface Actor {
  readonly user: UserRecord;
  readonly uid: number;
  readonly device: string;
  readonly isAdmin: boolean;
  readonly isGuest: boolean;
  /** The request's address (after the trusted proxies), for the audit log; unset off the HTTP path. */
  readonly ip?: string;
}
