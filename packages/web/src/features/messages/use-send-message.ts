import type { SendableContentType } from '@parley/protocol';
import { useCallback } from 'react';
import { sendMessage, type ErrorOverrides } from '../../lib/api';
import { dispatch, getState, parseConv, type ConvKey, type Message } from '../../lib/store';
import { nextLocalId } from './local-id';

/** SPEC §8: 403 on send reads as "blocked"; any other failure as "Send Message Failed" with the reason. */
const SEND_ERRORS: ErrorOverrides = {
  403: (error) =>
    error.body.includes('disabled by the administrator') ? 'chat:send.dm_disabled' : 'chat:send.blocked',
  default: 'chat:send.failed',
};

/**
 * Sends with an optimistic placeholder (`sending: true`, id = local id). The stream copy or the send
 * response replaces it, whichever comes first; a failure removes it. Resolves to whether it was sent.
 */
export function useSendMessage(conv: ConvKey) {
  return useCallback(
    async (content: string, contentType: SendableContentType): Promise<boolean> => {
      const selfUid = getState().auth?.user.uid;
      if (selfUid === undefined) return false;
      const localId = nextLocalId();
      const placeholder: Message = {
        mid: localId,
        conv,
        fromUid: selfUid,
        createdAt: localId,
        contentType,
        content,
        properties: { local_id: localId },
        replyMid: null,
        localId,
        sending: true,
        provisional: false,
        edited: false,
        editMid: 0,
        likes: [],
      };
      dispatch({ type: 'messages/sending', message: placeholder });
      try {
        const mid = await sendMessage(
          { to: parseConv(conv), content, contentType, properties: { local_id: localId } },
          SEND_ERRORS,
        );
        dispatch({ type: 'messages/sent', conv, localId, mid: Number(mid) });
        return true;
      } catch {
        dispatch({ type: 'messages/failed', conv, localId });
        return false;
      }
    },
    [conv],
  );
}
