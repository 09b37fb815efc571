import type { AuditEntry } from '@parley/protocol';
import type { AuditFilter, AuditStore, NewAuditEntry } from '../types.js';
import type { StoreContext } from '../dialect.js';

/** The audit log (0025); rows are only ever inserted and read. */
export class KyselyAuditStore implements AuditStore {
  constructor(private readonly ctx: StoreContext) {}

  async append(entry: NewAuditEntry): Promise<AuditEntry> {
    const row = await this.ctx.db
      .insertInto('audit_log')
      .values(entry)
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, ...entry };
  }

  async list(filter: AuditFilter, limit: number): Promise<AuditEntry[]> {
    let q = this.ctx.db.selectFrom('audit_log').selectAll();
    if (filter.actor !== undefined) q = q.where('actor_uid', '=', filter.actor);
    if (filter.action !== undefined) q = q.where('action', '=', filter.action);
    if (filter.since !== undefined) q = q.where('at', '>=', filter.since);
    if (filter.until !== undefined) q = q.where('at', '<', filter.until);
    if (filter.before !== undefined) q = q.where('id', '<', filter.before);
    const rows = await q.orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      id: r.id,
      at: Number(r.at),
      actor_uid: r.actor_uid,
      actor_name: r.actor_name,
      ip: r.ip,
      device: r.device,
      action: r.action,
      target: r.target,
      detail: r.detail,
    }));
  }
}
