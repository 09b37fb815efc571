import i18n from 'i18next';
import toast from 'react-hot-toast';
import { createFavorite } from './api';
import { composeDispatch } from '../compose-state';

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
