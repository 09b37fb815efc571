/**
 * Test databases on the shared PostgreSQL, handed out by each test process: copies of the migrated
 * template (`global-setup.ts`), the next one copied ahead while the current test runs, and dropped
 * after use without the test waiting for it.
 *
 * Why: a copy (`CREATE DATABASE … TEMPLATE`) takes PostgreSQL 30–100 ms and a drop about 10, each
 * on a connection of its own, before and after every test server (docs/testing.md, "Where the time
 * goes"). Done here on one admin connection per process and off the test's path, a test server
 * gets its database as soon as the previous one is handed out. Each database is still used by one
 * store only and never reused: what a test sees is the template, as before.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface DatabaseSupply {
  /** The name of a fresh copy of the template, which the caller owns until it calls `drop`. */
  take(): Promise<string>;
  /** Drops the database in the background; resolves once it is gone (callers need not wait). */
  drop(name: string): Promise<void>;
}

const supplies = new Map<string, DatabaseSupply>();

/** The supply of this process for the cluster at `baseUrl` copying `template`. */
export function databaseSupply(baseUrl: string, template: string): DatabaseSupply {
  const key = `${baseUrl} ${template}`;
  let supply = supplies.get(key);
  if (!supply) {
    supply = createSupply(baseUrl, template);
    supplies.set(key, supply);
  }
  return supply;
}

function createSupply(baseUrl: string, template: string): DatabaseSupply {
  let admin: Promise<pg.Client> | undefined;
  // A broken connection (the cluster stopped at the end of the run) is replaced on next use.
  const connection = (): Promise<pg.Client> => {
    admin ??= (async () => {
      const client = new pg.Client({ connectionString: `${baseUrl}/postgres` });
      client.on('error', () => {
        admin = undefined;
      });
      await client.connect();
      return client;
    })().catch((err: unknown) => {
      admin = undefined;
      throw err;
    });
    return admin;
  };
  // One at a time, in the order asked for: pg queues a query sent while another runs, but that
  // is deprecated (it warns on every run, and pg 9 drops it).
  let previous: Promise<unknown> = Promise.resolve();
  const query = (text: string): Promise<void> => {
    const run = previous.catch(() => {}).then(async () => void (await (await connection()).query(text)));
    previous = run;
    return run;
  };
  const create = async (): Promise<string> => {
    const name = `t_${randomBytes(8).toString('hex')}`;
    await query(`create database ${name} template ${template}`);
    return name;
  };

  let next: Promise<string> | undefined;
  return {
    async take() {
      const ahead = next;
      next = undefined;
      // A copy made ahead that failed is made again now, where its error reaches the test.
      const name = ahead ? await ahead.catch(() => create()) : await create();
      // One copy ahead at most, also when several servers of a test start at once.
      if (!next) {
        next = create();
        next.catch(() => {});
      }
      return name;
    },
    drop(name) {
      const dropped = query(`drop database if exists ${name} with (force)`);
      dropped.catch(() => {});
      return dropped;
    },
  };
}
