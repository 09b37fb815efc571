import type { Message } from '../../lib/store';

/** Messages from one sender within this window share a header (sender grouping). */
export const GROUP_WINDOW_MS = 5 * 60 * 1000;

export type Row =
  | { kind: 'day'; key: string; time: number }
  | { kind: 'unread'; key: string }
  | { kind: 'message'; key: string; message: Message; grouped: boolean };

export function localDayKey(time: number): string {
  const date = new Date(time);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** Where the "new messages" line goes: before the first message from others after `afterMid`. */
export interface UnreadDivider {
  afterMid: number;
  selfUid: number | null;
}

const isUnreadFromOthers = (message: Message, { afterMid, selfUid }: UnreadDivider) =>
  !message.sending && message.mid > afterMid && message.fromUid !== selfUid;

/**
 * Rows for the message list: a separator before each new day and a `grouped` flag for messages that
 * continue the previous sender's run. Keys survive the swap of a sending placeholder for the real message.
 */
export function buildRows(
  messages: readonly Message[],
  dayKeyOf: (time: number) => string = localDayKey,
  divider?: UnreadDivider,
): Row[] {
  const rows: Row[] = [];
  let dividerPlaced = divider === undefined;
  const usedKeys = new Set<string>();
  let previous: Message | null = null;
  let previousDay: string | null = null;
  for (const message of messages) {
    const day = dayKeyOf(message.createdAt);
    if (day !== previousDay) {
      rows.push({ kind: 'day', key: `day-${day}`, time: message.createdAt });
      previousDay = day;
      previous = null;
    }
    if (!dividerPlaced && isUnreadFromOthers(message, divider!)) {
      rows.push({ kind: 'unread', key: 'unread' });
      dividerPlaced = true;
      previous = null;
    }
    const grouped =
      previous !== null &&
      previous.fromUid === message.fromUid &&
      message.createdAt - previous.createdAt < GROUP_WINDOW_MS &&
      message.createdAt >= previous.createdAt;
    let key = message.localId !== null ? `m-${message.fromUid}-${message.localId}` : `m-${message.mid}`;
    if (usedKeys.has(key)) key = `m-${message.mid}`;
    usedKeys.add(key);
    rows.push({ kind: 'message', key, message, grouped });
    previous = message;
  }
  return rows;
}
