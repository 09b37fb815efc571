/**
 * File constants without schemas, so that the web bundle importing them gets no TypeBox (a module
 * of schemas is kept whole once anything of it is used).
 */

/** The web client sends files in chunks of this many bytes; a larger chunk is refused (413). */
export const FILE_CHUNK_MAX_BYTES = 1_000_000;

/** Message kinds whose content is the path of an uploaded file. */
export const FILE_CONTENT_TYPES = ['vocechat/file', 'vocechat/audio'] as const;
export type FileContentType = (typeof FILE_CONTENT_TYPES)[number];
