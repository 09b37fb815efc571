import { toast } from '../../lib/toast';
import i18n from 'i18next';
import { likeMessage, pinMessage, unpinMessage } from '../../lib/api';
import type { ConvKey, Message } from '../../lib/store';
import { composeDispatch } from './compose-state';

/** The composer's textarea of a conversation (one per conversation view). */
export const composerId = (conv: ConvKey) => `composer-${conv}`;

export function focusComposer(conv: ConvKey): void {
  document.getElementById(composerId(conv))?.focus();
}

export function startReply(message: Message): void {
  composeDispatch({ type: 'reply', conv: message.conv, mid: message.mid });
  focusComposer(message.conv);
}

export function startEdit(message: Message): void {
  composeDispatch({ type: 'edit', conv: message.conv, mid: message.mid });
  focusComposer(message.conv);
}

export function requestDelete(mids: number[]): void {
  composeDispatch({ type: 'dialog', dialog: { kind: 'delete', mids } });
}

export function showVersions(mid: number): void {
  composeDispatch({ type: 'dialog', dialog: { kind: 'versions', mid } });
}

export function startSelecting(message: Message): void {
  composeDispatch({ type: 'select/start', conv: message.conv, mid: message.mid });
}

export function jumpTo(conv: ConvKey, mid: number): void {
  composeDispatch({ type: 'jump', conv, mid });
}

/** Likes toggle on the server: the same emoji again removes the viewer's reaction (API.md §6.2). */
export function toggleReaction(mid: number, emoji: string): void {
  likeMessage(mid, emoji).catch(() => undefined);
}

export function setPinned(gid: number, mid: number, pinned: boolean): void {
  (pinned ? pinMessage(gid, mid) : unpinMessage(gid, mid)).then(
    () => toast.success(i18n.t(pinned ? 'actions:pin.pinned' : 'actions:pin.unpinned')),
    () => undefined,
  );
}

export function copyText(message: Message): void {
  navigator.clipboard.writeText(message.content).then(
    () => toast.success(i18n.t('actions:menu.copied')),
    () => undefined,
  );
}
