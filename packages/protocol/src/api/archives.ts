import Type from 'typebox';
import {
  Archive,
  ArchiveAttachmentQuery,
  ArchivePathQuery,
  DownloadQuery,
  Favorite,
  FavoriteAttachmentParams,
  FavoriteParams,
  MidListRequest,
} from '../archives.js';
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
  getArchiveAttachment: {
    method: 'GET',
    path: '/resource/archive/attachment',
    auth: 'public',
    kind: 'file',
    tag: 'resource',
    description:
      'One attachment of an archive (a forwarded file, or its thumbnail) by index, served like GET /resource/file; 404 when the archive, the index or the file is gone.',
    query: ArchiveAttachmentQuery,
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
  getFavoriteAttachment: {
    method: 'GET',
    path: '/favorite/attachment/:uid/:id/:attachment_id',
    auth: 'public',
    kind: 'file',
    tag: 'favorite',
    description:
      'One attachment of a favorite, served like GET /resource/file; 404 for a wrong owner, favorite or index.',
    params: FavoriteAttachmentParams,
    query: DownloadQuery,
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
