/** Records and the store interfaces of pins and search (split from `types.ts`). */
import type { MessageTarget, PinnedMessage } from '@parley/protocol';
import type { SearchTerm } from './search-text.js';

/** A pin with the pinned message's current version (API.md §9.3 `PinnedMessage`). */
export interface PinRecord extends PinnedMessage {
  gid: number;
}

export interface PinStore {
  /** Stores the pin unless the message is pinned already; returns whether it did. */
  add(pin: PinRecord): Promise<boolean>;
  remove(gid: number, mid: number): Promise<boolean>;
  /** The pin of a message, if any (a message belongs to one channel). */
  forMessage(mid: number): Promise<PinRecord | undefined>;
  /** Replaces the pinned version after an edit; returns the pin as now stored. */
  updateVersion(
    mid: number,
    version: Pick<PinnedMessage, 'content_type' | 'content' | 'properties'>,
  ): Promise<PinRecord | undefined>;
  /** The pins of many channels: gid -> pins by pinning time. */
  listFor(gids: readonly number[]): Promise<Map<number, PinnedMessage[]>>;
}

/** A search, already parsed (`store/search-text.ts`), with the reader it runs for. */
export interface SearchFilter {
  /** The reader: only channels they may read (public or member) and their own DMs are searched. */
  uid: number;
  terms: readonly SearchTerm[];
  from?: number;
  gid?: number;
  /** Only the DM between the reader and this user. */
  dmWith?: number;
  contentTypes?: readonly string[];
  /** `created_at` bounds in ms: `after <= created_at < before`. */
  after?: number;
  before?: number;
  /** Paging: only mids below this one. */
  beforeMid?: number;
  limit: number;
}

/** A matching message with its current text, newest first. */
export interface SearchRecord {
  mid: number;
  from_uid: number;
  target: MessageTarget;
  created_at: number;
  content_type: string;
  content: string;
  edited_at: number | null;
}

export interface SearchStore {
  /**
   * Messages matching every term that the reader may read, newest first. The permission is part
   * of the query (a join on the reader's channels and DMs), never a filter applied afterwards.
   */
  search(filter: SearchFilter): Promise<SearchRecord[]>;
}
