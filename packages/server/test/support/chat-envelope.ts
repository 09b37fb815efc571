import type { ChatMessage } from '@parley/protocol';
import type { Envelope } from '../../src/realtime/bus.js';

/** A chat record's envelope for bus and sequencer tests: only `mid` and `prevMid` matter there. */
export const chatEnvelope = (mid: number, prevMid?: number): Envelope => ({
  audience: { kind: 'all' },
  event: {
    type: 'chat',
    mid,
    from_uid: 1,
    created_at: 0,
    target: { gid: 1 },
    detail: {
      type: 'normal',
      properties: null,
      content_type: 'text/plain',
      content: `m${mid}`,
      expires_in: null,
    },
  } as ChatMessage & { type: 'chat' },
  ...(prevMid !== undefined && { prevMid }),
});
