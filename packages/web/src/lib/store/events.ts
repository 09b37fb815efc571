import type { ServerEvent } from '@parley/protocol';

/** Events the protocol package does not declare yet but servers may send (API.md §9.3). */
export interface MessageClearedEvent {
  type: 'message_cleared';
  latest_deleted_mid: number;
}
export interface GroupMessageClearedEvent {
  type: 'group_message_cleared';
  gid: number;
}

export type StreamEvent = ServerEvent | MessageClearedEvent | GroupMessageClearedEvent;
