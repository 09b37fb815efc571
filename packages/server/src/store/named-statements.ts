/**
 * SQL texts PostgreSQL runs as named prepared statements (`store/postgres.ts` gives each a name
 * on every pooled connection). An unnamed statement is parsed and analysed on every call, a named
 * one once per connection; both are still planned per call for their parameters
 * (`plan_cache_mode`, `store/postgres.ts`). Only fixed texts belong here: each stays prepared for
 * the connection's lifetime.
 * No imports, so the SQLite build does not load pg for it.
 */
const names = new Map<string, string>();

/** Marks `sql` to be prepared by name; idempotent. */
export function nameStatement(sql: string): void {
  if (!names.has(sql)) names.set(sql, `parley_${names.size + 1}`);
}

/** The statement name `sql` runs under, if it was marked. */
export function statementName(sql: string): string | undefined {
  return names.get(sql);
}
