import { updateReadIndex } from '../../lib/api';
import { parseConv, type ConvKey } from '../../lib/store';

/** Coalesces a burst of read positions (several messages, several conversations) into one call. */
const REPORT_DELAY_MS = 400;

const pending = new Map<ConvKey, number>();
let timer: ReturnType<typeof setTimeout> | null = null;

function flush() {
  timer = null;
  const users: { uid: number; mid: number }[] = [];
  const groups: { gid: number; mid: number }[] = [];
  for (const [conv, mid] of pending) {
    const { kind, id } = parseConv(conv);
    if (kind === 'group') groups.push({ gid: id, mid });
    else users.push({ uid: id, mid });
  }
  pending.clear();
  if (users.length === 0 && groups.length === 0) return;
  updateReadIndex({ ...(users.length ? { users } : {}), ...(groups.length ? { groups } : {}) }).catch(
    () => undefined,
  );
}

/**
 * Queues a read position for the server. Deliberately not tied to a component: leaving a conversation
 * right after reading it must still report the position.
 */
export function reportRead(conv: ConvKey, mid: number): void {
  if ((pending.get(conv) ?? 0) >= mid) return;
  pending.set(conv, mid);
  timer ??= setTimeout(flush, REPORT_DELAY_MS);
}
