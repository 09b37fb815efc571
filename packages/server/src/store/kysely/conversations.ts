import type {
  ChatSettingPatch,
  ChatSettingRecord,
  ChatSettingsStore,
  ContactRecord,
  ContactStore,
  JobLeaseStore,
  ReadTarget,
} from '../types.js';
import type { StoreContext } from '../dialect.js';
import type { ChatSettingsTable } from '../schema.js';

const targetKey = (target: ReadTarget) =>
  'gid' in target
    ? { target_kind: 'group', target_id: target.gid }
    : { target_kind: 'user', target_id: target.uid };

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

function toSetting(row: ChatSettingsTable): ChatSettingRecord {
  return {
    target: row.target_kind === 'group' ? { gid: row.target_id } : { uid: row.target_id },
    muted: Number(row.muted) === 1,
    mute_expired_at: num(row.mute_expired_at),
    burn_expires_in: Number(row.burn_expires_in),
    pinned_at: num(row.pinned_at),
  };
}

function patchColumns(patch: ChatSettingPatch): Partial<ChatSettingsTable> {
  const row: Partial<ChatSettingsTable> = {};
  if (patch.muted !== undefined) row.muted = patch.muted ? 1 : 0;
  if (patch.mute_expired_at !== undefined) row.mute_expired_at = patch.mute_expired_at;
  if (patch.burn_expires_in !== undefined) row.burn_expires_in = patch.burn_expires_in;
  if (patch.pinned_at !== undefined) row.pinned_at = patch.pinned_at;
  return row;
}

/** Each user's mute, burn-after-reading and pin settings per conversation. */
export class KyselyChatSettingsStore implements ChatSettingsStore {
  constructor(private readonly ctx: StoreContext) {}

  async list(uid: number): Promise<ChatSettingRecord[]> {
    const rows = await this.ctx.db
      .selectFrom('chat_settings')
      .selectAll()
      .where('uid', '=', uid)
      .orderBy('target_kind', 'desc')
      .orderBy('target_id')
      .execute();
    return rows.map(toSetting);
  }

  async get(uid: number, target: ReadTarget): Promise<ChatSettingRecord | undefined> {
    const key = targetKey(target);
    const row = await this.ctx.db
      .selectFrom('chat_settings')
      .selectAll()
      .where('uid', '=', uid)
      .where('target_kind', '=', key.target_kind)
      .where('target_id', '=', key.target_id)
      .executeTakeFirst();
    return row && toSetting(row);
  }

  async update(uid: number, target: ReadTarget, patch: ChatSettingPatch): Promise<void> {
    const columns = patchColumns(patch);
    if (Object.keys(columns).length === 0) return;
    await this.ctx.db
      .insertInto('chat_settings')
      .values({
        uid,
        ...targetKey(target),
        muted: columns.muted ?? 0,
        mute_expired_at: columns.mute_expired_at ?? null,
        burn_expires_in: columns.burn_expires_in ?? 0,
        pinned_at: columns.pinned_at ?? null,
      })
      .onConflict((oc) => oc.columns(['uid', 'target_kind', 'target_id']).doUpdateSet(columns))
      .execute();
  }

  async removeTarget(target: ReadTarget): Promise<void> {
    const key = targetKey(target);
    await this.ctx.db
      .deleteFrom('chat_settings')
      .where('target_kind', '=', key.target_kind)
      .where('target_id', '=', key.target_id)
      .execute();
  }
}

function toContact(row: {
  uid: number;
  target_uid: number;
  status: string;
  created_at: number | string;
  updated_at: number | string;
}): ContactRecord {
  return {
    uid: row.uid,
    target_uid: row.target_uid,
    status: row.status === 'blocked' ? 'blocked' : 'added',
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** Who each user added or blocked. */
export class KyselyContactStore implements ContactStore {
  constructor(private readonly ctx: StoreContext) {}

  async list(uid: number): Promise<ContactRecord[]> {
    const rows = await this.ctx.db
      .selectFrom('contacts')
      .selectAll()
      .where('uid', '=', uid)
      .orderBy('target_uid')
      .execute();
    return rows.map(toContact);
  }

  async get(uid: number, targetUid: number): Promise<ContactRecord | undefined> {
    const row = await this.ctx.db
      .selectFrom('contacts')
      .selectAll()
      .where('uid', '=', uid)
      .where('target_uid', '=', targetUid)
      .executeTakeFirst();
    return row && toContact(row);
  }

  async set(
    uid: number,
    targetUid: number,
    status: 'added' | 'blocked',
    now: number,
  ): Promise<ContactRecord> {
    await this.ctx.db
      .insertInto('contacts')
      .values({ uid, target_uid: targetUid, status, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['uid', 'target_uid']).doUpdateSet({ status, updated_at: now }))
      .execute();
    return (await this.get(uid, targetUid))!;
  }

  async remove(uid: number, targetUid: number): Promise<boolean> {
    const result = await this.ctx.db
      .deleteFrom('contacts')
      .where('uid', '=', uid)
      .where('target_uid', '=', targetUid)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}

/** Leases that keep a background job on one node of a cluster at a time. */
export class KyselyJobLeaseStore implements JobLeaseStore {
  constructor(private readonly ctx: StoreContext) {}

  async acquire(name: string, holder: string, now: number, until: number): Promise<boolean> {
    // One statement: inserts a free lease, or takes it over when expired or already ours.
    await this.ctx.db
      .insertInto('job_leases')
      .values({ name, holder, expires_at: until })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder, expires_at: until })
          .where((eb) =>
            eb.or([eb('job_leases.expires_at', '<=', now), eb('job_leases.holder', '=', holder)]),
          ),
      )
      .execute();
    const row = await this.ctx.db
      .selectFrom('job_leases')
      .select('holder')
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.holder === holder;
  }

  async release(name: string, holder: string): Promise<void> {
    await this.ctx.db
      .deleteFrom('job_leases')
      .where('name', '=', name)
      .where('holder', '=', holder)
      .execute();
  }
}
