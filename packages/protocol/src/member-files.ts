/** Parley's member Files screen (`GET /resource/files`): every file the caller may read. */
import Type from 'typebox';
import { Id, MessageTarget, Nullable } from './common.js';
import { LIMITS } from './limits.js';

export const MEMBER_FILE_KINDS = ['image', 'video', 'audio', 'doc', 'other'] as const;
export type MemberFileKind = (typeof MEMBER_FILE_KINDS)[number];

export const MemberFilesQuery = Type.Object({
  /** image/*, video/*, audio/*, doc (PDF, text, office documents) or other. */
  kind: Type.Optional(
    Type.Union([
      Type.Literal('image'),
      Type.Literal('video'),
      Type.Literal('audio'),
      Type.Literal('doc'),
      Type.Literal('other'),
    ]),
  ),
  /** Sent by this user. */
  from: Type.Optional(Id),
  /** In this channel. */
  gid: Type.Optional(Id),
  /** In the caller's direct conversation with this user. */
  uid: Type.Optional(Id),
  /** Part of the file name, case-insensitive. */
  q: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.fileNameFilterMaxLength })),
  /** Cursor: only files of messages older than this mid (the previous page's `next_before`). */
  before: Type.Optional(Id),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export type MemberFilesQuery = Type.Static<typeof MemberFilesQuery>;

export const MemberFile = Type.Object({
  mid: Id,
  from_uid: Id,
  created_at: Type.Integer(),
  /** Where the message is: `{gid}` for a channel, `{uid}` of the other party for a DM (the caller for a note to self). */
  target: MessageTarget,
  name: Type.String(),
  content_type: Type.String(),
  size: Type.Integer(),
  /** The file's path for `GET /resource/file`; "" once the file expired or was deleted. */
  path: Type.String(),
  /** Whether `GET /resource/file?thumbnail=true` has a thumbnail for it. */
  thumbnail: Type.Boolean(),
  expired: Type.Boolean(),
});
export type MemberFile = Type.Static<typeof MemberFile>;

export const MemberFilesPage = Type.Object({
  files: Type.Array(MemberFile),
  /** Pass as `before` for the next page; null when there is none. */
  next_before: Nullable(Id),
});
export type MemberFilesPage = Type.Static<typeof MemberFilesPage>;
