/** Invite management (Parley's own routes; the VoceChat contract has none). */
import Type from 'typebox';
import { Id, Nullable } from './common.js';

export const InviteInfo = Type.Object({
  /** Identifies the invite for revoking; not the token, which is never shown again. */
  id: Type.String(),
  gid: Nullable(Id),
  created_by: Id,
  created_at: Type.Integer(),
  expires_at: Type.Integer(),
  max_times: Type.Integer(),
  used_times: Type.Integer(),
});
export type InviteInfo = Type.Static<typeof InviteInfo>;

export const InviteListQuery = Type.Object({ gid: Type.Optional(Id) });
export type InviteListQuery = Type.Static<typeof InviteListQuery>;

export const InviteIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{64}$' }) });
export type InviteIdParams = Type.Static<typeof InviteIdParams>;
