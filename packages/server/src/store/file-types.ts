/** Records and the store interface of uploaded files (split from `types.ts`). */
export interface FileRecord {
  file_id: string;
  uid: number;
  filename: string;
  declared_type: string;
  /** Sniffed from the first chunk; null until a chunk is stored. */
  content_type: string | null;
  size: number;
  chunks: number;
  created_at: number;
  updated_at: number;
  path: string | null;
  hash: string | null;
  width: number | null;
  height: number | null;
  thumbnail_key: string | null;
}

export interface FileChunk {
  n: number;
  blob_key: string;
  size: number;
}

export interface FileMessageRecord {
  mid: number;
  file_id: string;
  from_uid: number;
  gid: number | null;
  created_at: number;
}

export interface FileMessageFilter {
  uid?: number;
  /** 0: direct conversations only. */
  gid?: number;
  since?: number;
}

/** What the member Files screen may list (`GET /resource/files`); the reader's access is part of the query. */
export interface ReadableFileFilter {
  /** The reader: public channels, private channels they are a member of, their DMs. */
  uid: number;
  from?: number;
  gid?: number;
  /** The reader's DM with this user. */
  dmWith?: number;
  kind?: 'image' | 'video' | 'audio' | 'doc' | 'other';
  /** Part of the file name, case-insensitive (ASCII). */
  name?: string;
  beforeMid?: number;
  limit: number;
}

export interface ReadableFileRecord {
  mid: number;
  from_uid: number;
  gid: number | null;
  dm_low: number | null;
  dm_high: number | null;
  created_at: number;
  /** The file's row; null once it expired or was deleted. */
  filename: string | null;
  content_type: string | null;
  size: number | null;
  path: string | null;
  thumbnail_key: string | null;
}

export interface FileStore {
  create(file: FileRecord): Promise<void>;
  get(fileId: string): Promise<FileRecord | undefined>;
  getByPath(path: string): Promise<FileRecord | undefined>;
  chunks(fileId: string): Promise<FileChunk[]>;
  /**
   * Records chunk `chunk.n` and grows the file, if the file still has exactly `chunk.n` chunks and
   * is unfinished; returns false otherwise (a racing copy of the chunk won, or the upload ended).
   */
  addChunk(fileId: string, chunk: FileChunk, contentType: string | null, now: number): Promise<boolean>;
  /** Replaces every chunk (a re-encoded image) and finishes the file. */
  finish(
    fileId: string,
    done: Pick<FileRecord, 'path' | 'hash' | 'size' | 'width' | 'height' | 'thumbnail_key' | 'content_type'>,
    chunks: readonly FileChunk[] | undefined,
  ): Promise<boolean>;
  /** Unfinished uploads last touched before `before`. */
  listAbandoned(before: number, limit: number): Promise<FileRecord[]>;
  /** Finished files created before `before`, oldest first (file auto-delete). */
  listFinishedBefore(before: number, limit: number): Promise<string[]>;
  /** Every file id, `limit` at a time after `afterId`. */
  listIds(afterId: string, limit: number): Promise<string[]>;
  delete(fileId: string): Promise<boolean>;
  /** The file a message carries, if any. */
  fileOfMessage(mid: number): Promise<string | undefined>;
  /** How many messages that are not deleted, and archives or favorites, carry the file. */
  liveReferences(fileId: string): Promise<number>;
  /** File messages that are not deleted, newest first. */
  listMessages(filter: FileMessageFilter, offset: number, limit: number): Promise<FileMessageRecord[]>;
  /** File messages that are not deleted and that `filter.uid` may read, newest first. */
  listReadable(filter: ReadableFileFilter): Promise<ReadableFileRecord[]>;
}
