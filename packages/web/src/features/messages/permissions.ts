import type { Group } from '@parley/protocol';
import type { Message } from '../../lib/store';

export interface Viewer {
  selfUid: number | null;
  isAdmin: boolean;
  /** The channel the list shows, or null in a direct conversation. */
  group: Pick<Group, 'gid' | 'owner'> | null;
}

export interface MessageAbilities {
  reply: boolean;
  react: boolean;
  edit: boolean;
  delete: boolean;
  pin: boolean;
  select: boolean;
}

const EDITABLE = new Set(['text/plain', 'text/markdown']);

/**
 * What the viewer may do with a message, as the server decides it (API.md §6, §7): the author edits
 * text messages, the author or an administrator deletes, the channel owner or an administrator pins
 * (a public channel has no owner, so only administrators pin there). Nothing while it is sending.
 */
export function abilities(message: Message, viewer: Viewer): MessageAbilities {
  const confirmed = !message.sending;
  const mine = viewer.selfUid !== null && message.fromUid === viewer.selfUid;
  const canPin =
    viewer.group !== null &&
    (viewer.isAdmin || (viewer.group.owner !== null && viewer.group.owner === viewer.selfUid));
  return {
    reply: confirmed,
    react: confirmed,
    edit: confirmed && mine && EDITABLE.has(message.contentType),
    delete: confirmed && (mine || viewer.isAdmin),
    pin: confirmed && canPin,
    select: confirmed,
  };
}

/** The newest own text message of a conversation that is not sending: what ↑ in an empty composer edits. */
export function lastEditable(messages: readonly Message[], selfUid: number | null): Message | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as Message;
    if (message.fromUid === selfUid && !message.sending && EDITABLE.has(message.contentType)) return message;
  }
  return null;
}
