import Type from 'typebox';
import { Archive, ArchivePathQuery, Favorite, FavoriteParams, MidListRequest } from '../archives.js';
import { Text, type RouteSpec } from './route.js';

/** Archives for forwarding (API.md §7.3). */
export const ARCHIVE_ROUTES = {
  createArchive: {
    method: 'POST',
    path: '/resource/archive',
    auth: 'header',
    kind: 'json',
    tag: 'resource',
    description: 'Archives messages the caller may read; answers the archive path as a JSON string.',
    body: MidListRequest,
    response: Text,
  },
  getArchive: {
    method: 'GET',
    path: '/resource/archive',
    auth: 'public',
    kind: 'json',
    tag: 'resource',
    description: 'The archive at an (unguessable) path; no token, like the other resource URLs.',
    query: ArchivePathQuery,
    response: Archive,
  },
} as const satisfies Record<string, RouteSpec>;

/** Favorites, kept per user (API.md §8). */
export const FAVORITE_ROUTES = {
  createFavorite: {
    method: 'POST',
    path: '/favorite',
    auth: 'header',
    kind: 'json',
    tag: 'favorite',
    body: MidListRequest,
    response: Favorite,
  },
  listFavorites: {
    method: 'GET',
    path: '/favorite',
    auth: 'header',
    kind: 'json',
    tag: 'favorite',
    response: Type.Array(Favorite),
  },
  getFavorite: {
    method: 'GET',
    path: '/favorite/:id',
    auth: 'header',
    kind: 'json',
    tag: 'favorite',
    description: 'The caller’s own favorite; someone else’s answers 404 like a missing one.',
    params: FavoriteParams,
    response: Archive,
  },
  deleteFavorite: {
    method: 'DELETE',
    path: '/favorite/:id',
    auth: 'header',
    kind: 'empty',
    tag: 'favorite',
    params: FavoriteParams,
  },
} as const satisfies Record<string, RouteSpec>;
