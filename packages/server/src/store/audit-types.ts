import type { AuditEntry } from '@parley/protocol';

export type NewAuditEntry = Omit<AuditEntry, 'id'>;

/** Which entries a page holds; every field narrows, none given means all. */
export interface AuditFilter {
  actor?: number;
  action?: string;
  /** `at >= since`. */
  since?: number;
  /** `at < until`. */
  until?: number;
  /** Entries with `id < before` (the cursor). */
  before?: number;
}

/** The audit log: append and read only, by design (no update, no delete). */
export interface AuditStore {
  append(entry: NewAuditEntry): Promise<AuditEntry>;
  /** Newest first (descending id), at most `limit`. */
  list(filter: AuditFilter, limit: number): Promise<AuditEntry[]>;
}
