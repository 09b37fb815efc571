import type { UserInfo } from '@parley/protocol';
import type { Action } from '../actions';
import type { StreamEvent } from '../events';

/** Slices see each stream event on its own; the root reducer unpacks `stream/events` batches. */
export type SliceAction = Action | { type: 'stream/event'; event: StreamEvent };

export interface SliceContext {
  selfUid: number | null;
  users: Record<number, UserInfo>;
}
