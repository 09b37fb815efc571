import { ChatMessageList, type ChatMessage } from '@parley/protocol';
import { cachedSerializerFactory } from '../../src/http/serialization.js';

/**
 * fast-json-stringify from the history routes' own schema: what Fastify sent before those routes
 * had their serializer (`src/http/chat-json.ts`), the reference it is held to.
 */
export const historySchemaSerializer = (): ((messages: ChatMessage[]) => string) =>
  cachedSerializerFactory(
    undefined as never,
    undefined as never,
  )({
    schema: ChatMessageList,
    method: 'GET',
    url: '/group/:gid/history',
    httpStatus: '200',
  }) as (messages: ChatMessage[]) => string;
