import type { SendableContentType } from '@parley/protocol';
import { useCallback } from 'react';
import { replyToMessage, sendMessage, type ErrorOverrides } from '../../lib/api';
import { dispatch, getState, parseConv, type ConvKey, type Message } from '../../lib/store';
import { nextLocalId } from './local-id';

/** SPEC §8: 403 on send reads as "blocked"; any other failure as "Send Message Failed" with the reason. */
const SEND_ERRORS: ErrorOverrides = {
  403: (error) =>
    error.body.includes('disabled by the administrator') ? 'chat:send.dm_disabled' : 'chat:send.blocked',
  default: 'chat:send.failed',
};

export interface SendExtras {
  /** Sends as a reply to this message (`POST /message/{mid}/reply`). */
  replyMid?: number | null;
  /** Uids mentioned in the text (`properties.mentions`). */
  mentions?: number[];
}

/**
 * Sends with an optimistic placeholder (`sending: true`, id = local id). The stream copy or the send
 * response replaces it, whichever comes first; a failure removes it. Resolves to whether it was sent.
 */
export function useSendMessage(conv: ConvKey) {
  return useCallback(
    async (content: string, contentType: SendableContentType, extras: SendExtras = {}): Promise<boolean> => {
      const selfUid = getState().auth?.user.uid;
      if (selfUid === undefined) return false;
      const localId = nextLocalId();
      const replyMid = extras.replyMid ?? null;
      const properties: Record<string, unknown> = { local_id: localId };
      if (extras.mentions && extras.mentions.length > 0) properties.mentions = extras.mentions;
      const placeholder: Message = {
        mid: localId,
        conv,
        fromUid: selfUid,
        createdAt: localId,
        contentType,
        content,
        properties,
        replyMid,
        localId,
        sending: true,
        provisional: false,
        edited: false,
        editMid: 0,
        likes: [],
      };
      dispatch({ type: 'messages/sending', message: placeholder });
      try {
        const body = { content, contentType, properties };
        const mid =
          replyMid === null
            ? await sendMessage({ to: parseConv(conv), ...body }, SEND_ERRORS)
            : await replyToMessage(replyMid, body, SEND_ERRORS);
        dispatch({ type: 'messages/sent', conv, localId, mid: Number(mid) });
        // Loaded on first use: offers notifications after the first message (never on first load).
        void import('../notifications').then((m) => m.afterMessageSent()).catch(() => undefined);
        return true;
      } catch {
        dispatch({ type: 'messages/failed', conv, localId });
        return false;
      }
    },
    [conv],
  );
}
