import { ARCHIVABLE_CONTENT_TYPES } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { useAppSelector, type Message } from '../../lib/store';
import { EMOJIS } from './emojis';
import { summarizeLikes } from './likes';
import {
  copyText,
  requestDelete,
  setPinned,
  showVersions,
  startEdit,
  startReply,
  startSelecting,
  toggleReaction,
} from './message-actions';
import { addFavorite, startForward } from './forward/actions';
import type { MessageAbilities } from './permissions';
import { PopupMenu, type MenuItem, type MenuPosition } from './popup-menu';

/** What an archive takes (API.md §7.3): text, Markdown and files (as its attachments). */
const ARCHIVABLE: readonly string[] = ARCHIVABLE_CONTENT_TYPES;

export type OpenMenu = { kind: 'actions' | 'react'; at: MenuPosition; returnFocus: HTMLElement | null };

interface MenusProps {
  message: Message;
  can: MessageAbilities;
  gid: number | null;
  pinned: boolean;
  menu: OpenMenu;
  onClose: () => void;
  onReact: (menu: OpenMenu) => void;
}

/** The context menu of a message and its reaction picker: its own chunk, loaded on first use. */
export default function MessageMenus({ message, can, gid, pinned, menu, onClose, onReact }: MenusProps) {
  const { t } = useTranslation('actions');
  const { t: tf } = useTranslation('fav');
  const selfUid = useAppSelector((state) => state.auth?.user.uid ?? null);
  if (menu.kind === 'react') {
    const mine = new Set(
      summarizeLikes(message.likes)
        .filter(({ uids }) => selfUid !== null && uids.includes(selfUid))
        .map(({ action }) => action),
    );
    const items: MenuItem[] = EMOJIS.map(({ emoji, name }) => ({
      key: emoji,
      label: t(name),
      icon: <span aria-hidden="true">{emoji}</span>,
      pressed: mine.has(emoji),
      onSelect: () => toggleReaction(message.mid, emoji),
      testId: `react-${emoji}`,
    }));
    return (
      <PopupMenu
        key="react"
        label={t('reactions.picker')}
        items={items}
        layout="row"
        at={menu.at}
        onClose={onClose}
        returnFocus={menu.returnFocus}
        testId="reaction-picker"
      />
    );
  }
  const items: MenuItem[] = [];
  if (can.reply) items.push({ key: 'reply', label: t('menu.reply'), onSelect: () => startReply(message) });
  if (can.react)
    items.push({
      key: 'react',
      label: t('menu.react'),
      onSelect: () => onReact({ ...menu, kind: 'react' }),
      testId: 'menu-react',
    });
  if (can.edit) items.push({ key: 'edit', label: t('menu.edit'), onSelect: () => startEdit(message) });
  if (message.edited)
    items.push({ key: 'versions', label: t('menu.versions'), onSelect: () => showVersions(message.mid) });
  if (can.pin && gid !== null)
    items.push({
      key: 'pin',
      label: pinned ? t('menu.unpin') : t('menu.pin'),
      onSelect: () => setPinned(gid, message.mid, !pinned),
    });
  if (message.contentType.startsWith('text/'))
    items.push({ key: 'copy', label: t('menu.copy'), onSelect: () => copyText(message) });
  if (ARCHIVABLE.includes(message.contentType) && !message.sending) {
    items.push({ key: 'forward', label: tf('forward'), onSelect: () => startForward([message.mid]) });
    items.push({ key: 'favorite', label: tf('favorite'), onSelect: () => addFavorite([message.mid]) });
  }
  if (can.select)
    items.push({ key: 'select', label: t('menu.select'), onSelect: () => startSelecting(message) });
  if (can.delete)
    items.push({
      key: 'delete',
      label: t('menu.delete'),
      danger: true,
      onSelect: () => requestDelete([message.mid]),
    });
  for (const item of items) item.testId ??= `menu-${item.key}`;
  return (
    <PopupMenu
      key="actions"
      label={t('menu.label')}
      items={items}
      at={menu.at}
      onClose={onClose}
      returnFocus={menu.returnFocus}
      testId="message-menu"
    />
  );
}
