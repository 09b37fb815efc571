/** Archives and favorites (API.md §7.3, §8) and the files they hold (migration 0023). */
import type { Archive } from '@parley/protocol';

/** One file an archive holds: the upload, or its thumbnail. */
export interface ArchiveAttachment {
  file_id: string;
  thumbnail: boolean;
}

/** An archive made for forwarding (API.md §7.3), kept as made. */
export interface ArchiveRecord {
  path: string;
  created_by: number;
  created_at: number;
  archive: Archive;
  /** Stored with it by `add`, in index order (`file_id`/`thumbnail_id` of its messages); not read back by `get`. */
  attachments?: readonly ArchiveAttachment[];
}

export interface ArchiveStore {
  add(record: ArchiveRecord): Promise<void>;
  get(path: string): Promise<ArchiveRecord | undefined>;
  attachment(path: string, index: number): Promise<ArchiveAttachment | undefined>;
}

/** A user's saved messages (API.md §8). */
export interface FavoriteRecord {
  id: string;
  uid: number;
  created_at: number;
  archive: Archive;
  /** As for `ArchiveRecord`. */
  attachments?: readonly ArchiveAttachment[];
}

export interface FavoriteStore {
  /** Stores it unless the user already has `max` favorites; returns whether it did. */
  add(record: FavoriteRecord, max: number): Promise<boolean>;
  /** The user's favorites, oldest first, without their archives. */
  list(uid: number): Promise<{ id: string; created_at: number }[]>;
  /** One of the user's favorites; undefined when missing or someone else's. */
  get(uid: number, id: string): Promise<FavoriteRecord | undefined>;
  /**
   * Also drops its attachment rows; returns the ids of the files they held (each once), or
   * undefined when the favorite is missing or someone else's.
   */
  remove(uid: number, id: string): Promise<string[] | undefined>;
  /** An attachment of the user's favorite; undefined for a wrong owner, favorite or index. */
  attachment(uid: number, id: string, index: number): Promise<ArchiveAttachment | undefined>;
}
