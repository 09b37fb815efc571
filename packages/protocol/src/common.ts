import Type, { type TSchema } from 'typebox';

/** Optional fields are serialised as explicit `null` on the wire (API.md §1.2). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Ids are 64-bit in storage but must stay exact in JavaScript, hence the safe-integer bound. */
export const Id = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** `{ uid }` for a direct conversation, `{ gid }` for a channel (untagged union, API.md §1.2). */
export const TargetUid = Type.Object({ uid: Id });
export const TargetGid = Type.Object({ gid: Id });
export const MessageTarget = Type.Union([TargetUid, TargetGid]);
export type MessageTarget = Type.Static<typeof MessageTarget>;

export const ReasonBody = Type.Object({ reason: Type.String() });
export type ReasonBody = Type.Static<typeof ReasonBody>;
