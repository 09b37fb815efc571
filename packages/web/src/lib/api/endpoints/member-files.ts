import type { MemberFilesQuery } from '@parley/protocol';
import { call } from '../call';

/** Parley's member Files screen (docs/api.md "Files screen"): files the caller may read. */
export const listMemberFiles = (query: MemberFilesQuery) =>
  call('memberFiles', { query }, { errors: { 400: null, 403: null, 404: null } });
