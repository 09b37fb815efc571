/**
 * Archives (API.md §7.3) and favorites (§8): a snapshot of some messages with their senders, made
 * to forward them (a `vocechat/archive` message carries the archive's path) or to keep them.
 */
import Type from 'typebox';
import { Id, MessageTarget, Nullable } from './common.js';
import { Properties } from './messages.js';

/** Messages one archive or favorite may hold. */
export const ARCHIVE_MAX_MESSAGES = 100;
/** Favorites one user may keep (`max_favorite_archives`, API.md §8). */
export const MAX_FAVORITES = 100;
/** The only kinds an archive takes (API.md §7.3); a file travels as the archive's attachment. */
export const ARCHIVABLE_CONTENT_TYPES = ['text/plain', 'text/markdown', 'vocechat/file'] as const;

export const ArchiveUser = Type.Object({
  name: Type.String(),
  /** An attachment index; Parley stores no avatar attachments yet, so always null. */
  avatar: Nullable(Type.Integer()),
});

export const ArchiveMessage = Type.Object({
  /** Index into `users`. */
  from_user: Type.Integer({ minimum: 0 }),
  created_at: Type.Integer(),
  mid: Id,
  source: MessageTarget,
  properties: Properties,
  content_type: Type.String(),
  content: Nullable(Type.String()),
  file_id: Nullable(Type.Integer()),
  thumbnail_id: Nullable(Type.Integer()),
});
export type ArchiveMessage = Type.Static<typeof ArchiveMessage>;

export const Archive = Type.Object({
  users: Type.Array(ArchiveUser),
  messages: Type.Array(ArchiveMessage),
  num_attachments: Type.Integer({ minimum: 0 }),
});
export type Archive = Type.Static<typeof Archive>;

/** `POST /resource/archive` and `POST /favorite`. */
export const MidListRequest = Type.Object({
  mid_list: Type.Array(Id, { minItems: 1, maxItems: ARCHIVE_MAX_MESSAGES }),
});
export type MidListRequest = Type.Static<typeof MidListRequest>;

/** An archive path: `YYYY/M/D/<uuid>` (no dot, API.md §7.3). */
export const ArchivePathQuery = Type.Object({ file_path: Type.String({ maxLength: 128 }) });
export type ArchivePathQuery = Type.Static<typeof ArchivePathQuery>;

/** `GET /resource/archive/attachment` (API.md §7.3): `attachment_id` indexes the archive's attachments. */
export const ArchiveAttachmentQuery = Type.Object({
  file_path: Type.String({ maxLength: 128 }),
  attachment_id: Type.Integer({ minimum: 0, maximum: 1000 }),
  download: Type.Optional(Type.Boolean()),
});
export type ArchiveAttachmentQuery = Type.Static<typeof ArchiveAttachmentQuery>;

/** `GET /favorite/attachment/{uid}/{id}/{attachment_id}` (API.md §8): uid is the favorite's owner. */
export const FavoriteAttachmentParams = Type.Object({
  uid: Id,
  id: Type.String({ maxLength: 64 }),
  attachment_id: Type.Integer({ minimum: 0, maximum: 1000 }),
});
export type FavoriteAttachmentParams = Type.Static<typeof FavoriteAttachmentParams>;
export const DownloadQuery = Type.Object({ download: Type.Optional(Type.Boolean()) });

export const Favorite = Type.Object({ id: Type.String(), created_at: Type.Integer() });
export type Favorite = Type.Static<typeof Favorite>;

export const FavoriteParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
