/**
 * The audit log of administrative actions (docs/api.md "Audit log"). Services that perform an
 * administrative action that changes the database make the change and its entry atomic with
 * `audited` (one transaction); other actions call `record` once they have succeeded. Routes never do. An entry names
 * what changed, never a secret's value.
 */
import type { AuditAction, AuditEntry, AuditPage, AuditQuery } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { badRequest } from '../errors.js';
import { requireAuditReader } from '../policy/audit.js';
import type { AuditFilter, Store } from '../store/types.js';

const PAGE_DEFAULT = 50;
/** The CSV export reads in pages of this size, up to `EXPORT_MAX` rows. */
const EXPORT_PAGE = 500;
const EXPORT_MAX = 100_000;

export async function record(
  ctx: Ctx,
  actor: Actor,
  action: AuditAction,
  target: string | null = null,
  detail: string | null = null,
): Promise<void> {
  await recordIn(ctx.store, ctx, actor, action, target, detail);
}

/** `record` through `store`: a transaction's store makes the entry part of that transaction. */
export async function recordIn(
  store: Store,
  ctx: Ctx,
  actor: Actor,
  action: AuditAction,
  target: string | null = null,
  detail: string | null = null,
): Promise<void> {
  await store.audit.append({
    at: ctx.now(),
    actor_uid: actor.uid,
    actor_name: actor.user.name,
    ip: actor.ip ?? '',
    device: actor.device,
    action,
    target,
    detail,
  });
}

export type Audit = (action: AuditAction, target?: string | null, detail?: string | null) => Promise<void>;

/**
 * Runs an administrative change and writes its audit entries in one transaction: both are stored
 * or neither is. A failed audit write rolls the change back and the request fails (503 when the
 * database is unreachable, else 500) with nothing changed. `change` uses only `tx`; events are
 * published after this resolves, once the change is committed.
 */
export function audited<T>(
  ctx: Ctx,
  actor: Actor,
  change: (tx: Store, audit: Audit) => Promise<T>,
): Promise<T> {
  return ctx.store.transaction((tx) =>
    change(tx, (action, target = null, detail = null) => recordIn(tx, ctx, actor, action, target, detail)),
  );
}

/** The names of the fields a patch sets, for `detail` (values are left out on purpose). */
export const changedFields = (patch: object): string | null => {
  const keys = Object.entries(patch)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  return keys.length > 0 ? keys.sort().join(', ') : null;
};

/** The names of the settings fields whose value differs (values are left out: some are secrets). */
export function settingsDiff(before: object, after: object): string {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]),
  );
  return keys.length > 0 ? keys.sort().join(', ') : 'unchanged';
}

function filterOf(q: AuditQuery): AuditFilter {
  if (q.since !== undefined && q.until !== undefined && q.since >= q.until)
    throw badRequest('since must be before until');
  return { actor: q.actor, action: q.action, since: q.since, until: q.until, before: q.cursor };
}

export async function listAudit(ctx: Ctx, actor: Actor, q: AuditQuery): Promise<AuditPage> {
  requireAuditReader(actor);
  const limit = q.limit ?? PAGE_DEFAULT;
  const rows = await ctx.store.audit.list(filterOf(q), limit + 1);
  const entries = rows.slice(0, limit);
  const next = rows.length > limit ? (entries[entries.length - 1]?.id ?? null) : null;
  return { entries, next };
}

export async function exportAudit(ctx: Ctx, actor: Actor, q: AuditQuery): Promise<string> {
  requireAuditReader(actor);
  const filter = filterOf(q);
  const lines = [csvRow(CSV_HEADER)];
  for (let read = 0; read < EXPORT_MAX;) {
    const rows = await ctx.store.audit.list(filter, EXPORT_PAGE);
    for (const e of rows) lines.push(csvRow(csvCells(e)));
    read += rows.length;
    const last = rows[rows.length - 1];
    if (rows.length < EXPORT_PAGE || !last) break;
    filter.before = last.id;
  }
  return lines.join('');
}

const CSV_HEADER = ['id', 'time', 'actor_uid', 'actor_name', 'ip', 'device', 'action', 'target', 'detail'];

const csvCells = (e: AuditEntry): string[] => [
  String(e.id),
  new Date(e.at).toISOString(),
  String(e.actor_uid),
  e.actor_name,
  e.ip,
  e.device,
  e.action,
  e.target ?? '',
  e.detail ?? '',
];

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: a cell starting with = + - @ (or a tab
 * or carriage return) gets a leading apostrophe so it is never read as a formula.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvRow = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;
