import type { LikeRequest, SendableContentType } from '@parley/protocol';
import { call } from '../call';
import type { ErrorOverrides } from '../error-toast';
import { encodeProperties } from '../properties';

interface MessageBody {
  content: string;
  contentType: SendableContentType;
  properties: Record<string, unknown>;
}

const upload = ({ contentType, properties }: MessageBody, errors?: ErrorOverrides) => ({
  contentType,
  headers: { 'X-Properties': encodeProperties(properties) },
  errors,
});

/** `POST /message/{mid}/reply`: a reply in the original's conversation. */
export const replyToMessage = (mid: number, body: MessageBody, errors?: ErrorOverrides) =>
  call('replyMessage', { params: { mid }, body: body.content }, upload(body, errors));

/** `PUT /message/{mid}/edit` (author only). */
export const editMessage = (mid: number, body: MessageBody) =>
  call('editMessage', { params: { mid }, body: body.content }, upload(body));

export const getMessageVersions = (mid: number) => call('messageVersions', { params: { mid } });

export const likeMessage = (mid: number, action: LikeRequest['action']) =>
  call('likeMessage', { params: { mid }, body: { action } });

/** One message or several at once (all or none, API.md §15.7). */
export const deleteMessages = (mids: readonly number[]) =>
  mids.length === 1
    ? call('deleteMessage', { params: { mid: mids[0] as number } })
    : call('deleteMessages', { params: { mids: mids.join(',') } });

export const pinMessage = (gid: number, mid: number) =>
  call('pinMessage', { params: { gid }, body: { mid } });

export const unpinMessage = (gid: number, mid: number) =>
  call('unpinMessage', { params: { gid }, body: { mid } });
