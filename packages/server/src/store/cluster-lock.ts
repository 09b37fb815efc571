/**
 * The cluster-wide send lock of scaled mode: a PostgreSQL session advisory lock held on a
 * connection of its own across a message's commit and its publication on the bus, so every node
 * receives chat records in mid order. A node's own senders queue locally first, so each node
 * waits on the database with one connection at most.
 */
import pg from 'pg';
import { Mutex, type Lock } from '../concurrency/lock.js';

/** "PRL" plus a digit, like the cursor locks (store/dialect.ts), and distinct from them. */
const SEND_LOCK_KEY = 0x50524c10;
const LOCK_WAIT_MS = 10_000;

export class PgClusterLock implements Lock {
  private readonly local = new Mutex();
  private client: pg.Client | undefined;

  constructor(private readonly databaseUrl: string) {}

  run<T>(fn: () => Promise<T>): Promise<T> {
    return this.local.run(async () => {
      const client = await this.connection();
      try {
        await client.query('select pg_advisory_lock($1)', [SEND_LOCK_KEY]);
      } catch (err) {
        this.drop(client);
        throw err;
      }
      try {
        return await fn();
      } finally {
        // If this fails the session is gone, and PostgreSQL released the lock with it.
        await client.query('select pg_advisory_unlock($1)', [SEND_LOCK_KEY]).catch(() => this.drop(client));
      }
    });
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      // A holder that hangs (or whose host vanished before PostgreSQL noticed) must not stall
      // every send in the cluster forever: waiters give up after this and answer 503.
      options: `-c lock_timeout=${LOCK_WAIT_MS}`,
    });
    client.on('error', () => this.drop(client));
    await client.connect();
    this.client = client;
    return client;
  }

  private drop(client: pg.Client): void {
    if (this.client === client) this.client = undefined;
    void client.end().catch(() => {});
  }
}
