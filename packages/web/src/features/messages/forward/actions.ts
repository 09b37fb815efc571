import type { Archive } from '@parley/protocol';
import i18n from 'i18next';
import { toast } from '../../../lib/toast';
import { call, type ConversationRef } from '../../../lib/api';
import { composeDispatch } from '../compose-state';

// The archive and favorite calls and the actions that start them: one small lazy chunk, so none
// of it weighs on the first chat screen.

/** `POST /resource/archive`: a snapshot of messages to forward; answers its path. */
export const createArchive = (mids: readonly number[]) =>
  call('createArchive', { body: { mid_list: [...mids] } });

const archives = new Map<string, Promise<Archive>>();

/** An archive never changes, so each is fetched once per page load; failures are silent (API.md §13). */
export function getArchive(path: string): Promise<Archive> {
  let pending = archives.get(path);
  if (!pending) {
    pending = call('getArchive', { query: { file_path: path } }, { errors: { default: null } });
    pending.catch(() => archives.delete(path));
    archives.set(path, pending);
  }
  return pending;
}

/** Forwarding: the archive's path as a `vocechat/archive` message to one conversation. */
export const sendArchive = (to: ConversationRef, path: string) => {
  const options = { contentType: 'vocechat/archive', headers: { 'X-Properties': '' } };
  return to.kind === 'group'
    ? call('sendToGroup', { params: { gid: to.id }, body: path }, options)
    : call('sendToUser', { params: { uid: to.id }, body: path }, options);
};

export const createFavorite = (mids: readonly number[]) =>
  call('createFavorite', { body: { mid_list: [...mids] } });
export const listFavorites = () => call('listFavorites');
export const getFavorite = (id: string) =>
  call('getFavorite', { params: { id } }, { errors: { default: null } });
export const deleteFavorite = (id: string) => call('deleteFavorite', { params: { id } });

/** Opens the forward dialog for these messages. */
export function startForward(mids: number[]): void {
  composeDispatch({ type: 'dialog', dialog: { kind: 'forward', mids } });
}

/** Saves the messages as one favorite (`POST /favorite`); the /favs screen lists it. */
export function addFavorite(mids: number[]): void {
  createFavorite(mids).then(
    () => toast.success(i18n.t('fav:favorite_added')),
    () => undefined,
  );
}
