/**
 * vitest globalSetup of the `postgres` project (and part of `cluster`'s): one throwaway cluster for the whole run, plus a
 * template database already migrated, so each test database is a cheap copy
 * (`CREATE DATABASE … TEMPLATE`). Tests read the URL with `inject('pgUrl')`.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openStore } from '../../src/store/index.js';
import { startPostgres } from './postgres.js';

export const TEMPLATE_DATABASE = 'parley_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the test cluster, without a database: `postgres://postgres@127.0.0.1:<port>`. */
    pgUrl: string;
    /** A migrated database to copy from. */
    pgTemplate: string;
  }
}

async function createTemplate(baseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: `${baseUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  // Migrate, then disconnect: a template must have no open connections when it is copied.
  const store = await openStore({ databaseUrl: `${baseUrl}/${TEMPLATE_DATABASE}`, dataDir: '' });
  await store.close();
}

export default async function setup({ provide }: TestProject): Promise<() => void> {
  const cluster = await startPostgres();
  try {
    await createTemplate(cluster.url);
  } catch (err) {
    cluster.stop();
    throw err;
  }
  provide('pgUrl', cluster.url);
  provide('pgTemplate', TEMPLATE_DATABASE);
  return () => cluster.stop();
}
