import Type from 'typebox';
import {
  AdminFile,
  AdminFilesQuery,
  FileQuery,
  PrepareFileRequest,
  UploadedFile,
  UploadStatus,
  UploadStatusQuery,
} from '../files.js';
import { Nullable } from '../common.js';
import { MemberFilesPage, MemberFilesQuery } from '../member-files.js';
import type { RouteSpec } from './route.js';

const tag = 'resource';

export const FILE_ROUTES = {
  prepareFile: {
    method: 'POST',
    path: '/resource/file/prepare',
    auth: 'header',
    kind: 'json',
    tag,
    description: 'Starts an upload; answers its file id (a JSON string).',
    body: PrepareFileRequest,
    response: Type.String(),
  },
  uploadFile: {
    method: 'POST',
    path: '/resource/file/upload',
    auth: 'header',
    kind: 'json',
    tag,
    description:
      'multipart/form-data with file_id, chunk_data (≤ 1,000,000 bytes) and chunk_is_last; null until the last chunk.',
    upload: 'multipart',
    response: Nullable(UploadedFile),
  },
  uploadStatus: {
    method: 'GET',
    path: '/resource/file/upload',
    auth: 'header',
    kind: 'json',
    tag,
    description: 'Parley: bytes stored so far, so that an interrupted upload resumes after its last chunk.',
    query: UploadStatusQuery,
    response: UploadStatus,
  },
  getFile: {
    method: 'GET',
    path: '/resource/file',
    auth: 'public',
    kind: 'file',
    tag,
    description: 'The file (or its thumbnail) with Range, ETag and HEAD support.',
    query: FileQuery,
  },
  deleteAllFiles: {
    method: 'DELETE',
    path: '/resource/file/delete',
    auth: 'header',
    kind: 'empty',
    tag,
    description: 'Administrators: deletes every uploaded file.',
  },
  adminFiles: {
    method: 'GET',
    path: '/admin/system/files',
    auth: 'header',
    kind: 'json',
    tag: 'admin',
    description: 'Administrators: file messages, newest first, with filters; page is 1-based.',
    query: AdminFilesQuery,
    response: Type.Array(AdminFile),
  },
  memberFiles: {
    method: 'GET',
    path: '/resource/files',
    auth: 'header',
    kind: 'json',
    tag,
    description:
      'Parley: the files of messages the caller may read (channels they can read, their DMs), newest first, with filters and a mid cursor.',
    query: MemberFilesQuery,
    response: MemberFilesPage,
  },
  // The same pair for bots, with a bot key in `X-API-Key` (API.md §7.1, §10.2).
  botPrepareFile: {
    method: 'POST',
    path: '/bot/file/prepare',
    auth: 'bot',
    kind: 'json',
    tag: 'bot',
    description: 'Bots: starts an upload, as POST /resource/file/prepare.',
    body: PrepareFileRequest,
    response: Type.String(),
  },
  botUploadFile: {
    method: 'POST',
    path: '/bot/file/upload',
    auth: 'bot',
    kind: 'json',
    tag: 'bot',
    description: 'Bots: one chunk of an upload, as POST /resource/file/upload.',
    upload: 'multipart',
    response: Nullable(UploadedFile),
  },
} as const satisfies Record<string, RouteSpec>;
