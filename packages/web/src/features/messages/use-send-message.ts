import type { SendableContentType } from '@parley/protocol';
import { useCallback } from 'react';
import type { ErrorOverrides } from '../../lib/api';
import { dispatch, getState, type ConvKey } from '../../lib/store';
import { nextLocalId } from './local-id';
import { deliver, enqueue, hasQueued, isOffline, startOutbox } from './outbox';
import { placeholderOf, type OutboxItem } from './outbox-store';

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

// When the messages feature loads in a browser (not in unit tests, which import it without a window).
if (typeof window !== 'undefined') startOutbox(SEND_ERRORS);

/**
 * Sends with an optimistic placeholder (`sending: true`, id = local id). The stream copy or the send
 * response replaces it, whichever comes first; a refusal removes it. Offline, or when the send meets
 * no network, the message waits in the outbox (`outbox.ts`) and its placeholder stays. Resolves to
 * whether the message was sent or queued.
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
      const item: OutboxItem = {
        localId,
        conv,
        content,
        contentType,
        properties,
        replyMid,
        attempted: false,
      };
      dispatch({ type: 'messages/sending', message: placeholderOf(item, selfUid) });
      // Offline, or behind messages still waiting: queued, and sent in order once the network is back.
      if (isOffline() || hasQueued()) {
        enqueue(item);
        return true;
      }
      const result = await deliver({ ...item, attempted: true }, SEND_ERRORS);
      if (result === 'network') enqueue({ ...item, attempted: true });
      // Loaded on first use: offers notifications after the first message (never on first load).
      if (result === 'sent')
        void import('../notifications').then((m) => m.afterMessageSent()).catch(() => undefined);
      return result !== 'failed';
    },
    [conv],
  );
}
