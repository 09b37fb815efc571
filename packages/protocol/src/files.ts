/** Files and media (API.md §7.1, §7.2, §11 "files", §15.7). */
import Type from 'typebox';
import { Id, Nullable } from './common.js';

export * from './file-constants.js';

/** `POST /resource/file/prepare`. A missing content type is guessed from the file name. */
export const PrepareFileRequest = Type.Object({
  content_type: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  filename: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
});
export type PrepareFileRequest = Type.Static<typeof PrepareFileRequest>;

export const ImageProperties = Type.Object({ width: Type.Integer(), height: Type.Integer() });
export type ImageProperties = Type.Static<typeof ImageProperties>;

/** The last chunk's answer; intermediate chunks answer `null`. */
export const UploadedFile = Type.Object({
  path: Type.String(),
  size: Type.Integer(),
  hash: Type.String(),
  image_properties: Nullable(ImageProperties),
});
export type UploadedFile = Type.Static<typeof UploadedFile>;

/** Parley: how far an upload got, so an interrupted one resumes after its last stored chunk. */
export const UploadStatusQuery = Type.Object({ file_id: Type.String({ maxLength: 64 }) });
export type UploadStatusQuery = Type.Static<typeof UploadStatusQuery>;
export const UploadStatus = Type.Object({
  /** Bytes stored so far: the next chunk starts here. */
  received: Type.Integer(),
  chunks: Type.Integer(),
  completed: Type.Boolean(),
});
export type UploadStatus = Type.Static<typeof UploadStatus>;

export const FileQuery = Type.Object({
  file_path: Type.String({ maxLength: 200 }),
  thumbnail: Type.Optional(Type.Boolean()),
  download: Type.Optional(Type.Boolean()),
});
export type FileQuery = Type.Static<typeof FileQuery>;

/** `GET /admin/system/files` filters (API.md §3, "files"). `page` is 1-based. */
export const AdminFilesQuery = Type.Object({
  uid: Type.Optional(Id),
  gid: Type.Optional(Id),
  file_type: Type.Optional(
    Type.Union([
      Type.Literal('Doc'),
      Type.Literal('PDF'),
      Type.Literal('Image'),
      Type.Literal('Audio'),
      Type.Literal('Video'),
    ]),
  ),
  creation_time_type: Type.Optional(
    Type.Union([
      Type.Literal('Day1'),
      Type.Literal('Day7'),
      Type.Literal('Day30'),
      Type.Literal('Day90'),
      Type.Literal('Day180'),
    ]),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});
export type AdminFilesQuery = Type.Static<typeof AdminFilesQuery>;

export const AdminFile = Type.Object({
  mid: Id,
  from_uid: Id,
  /** 0 for a file sent in a direct conversation. */
  gid: Id,
  ext: Type.String(),
  content_type: Type.String(),
  /** The file's path. */
  content: Type.String(),
  /** A servable thumbnail path (`content` with thumbnail=true is implied by the client), or "". */
  thumbnail: Type.String(),
  /** The message properties as a JSON string (name, content_type, size). */
  properties: Type.String(),
  created_at: Type.Integer(),
  expired: Type.Boolean(),
});
export type AdminFile = Type.Static<typeof AdminFile>;

/**
 * Parley: the square an avatar, channel icon or logo upload keeps, as `x,y,side` in the image's
 * pixels (after its EXIF orientation). Without it the centre is kept (a cover crop). The crop
 * dialog sends an animated image whole with this, so every frame is cropped and it stays animated.
 */
export const ImageCropQuery = Type.Object({
  crop: Type.Optional(Type.String({ pattern: '^\\d{1,6},\\d{1,6},\\d{1,6}$', maxLength: 20 })),
});
export type ImageCropQuery = Type.Static<typeof ImageCropQuery>;
