import type { ReadIndexRequest } from '@parley/protocol';
import { call } from '../call';

export const listUsers = () => call('listUsers');

/** A silent authenticated call; a 401 here still logs out, which is its purpose after a failed stream. */
export const probeSession = () => call('getMe', {}, { errors: { default: null } });

export const updateReadIndex = (body: ReadIndexRequest) =>
  call('updateReadIndex', { body }, { errors: { default: null } });
