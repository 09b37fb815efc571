/**
 * A page of chat records as JSON (`GET …/history`), written as Fastify's schema serializer writes
 * `ChatMessageList`: the same keys in the schema's order, keys the schema does not name left out,
 * then one native `JSON.stringify`. fast-json-stringify picks the branch of each union (the
 * target, the detail, a reaction's detail, each nullable field) by running Ajv on the value, for
 * every record: for a 100-message page that was about 130 KB of garbage per request, more than
 * the rest of the request together (issue 9, history p99: each young-generation collection lands
 * on a request). The route sends it as a Buffer, so the socket write copies nothing more onto the
 * heap. `chat-json.test.ts` holds it to fast-json-stringify's output for any valid page.
 */
import type { ChatMessage, MessageDetail, MessageTarget } from '@parley/protocol';

type Reaction = Extract<MessageDetail, { type: 'reaction' }>['detail'];

// Union branches are tried in the schema's order, as fast-json-stringify tries them.
const target = (t: MessageTarget): MessageTarget =>
  'uid' in t ? { uid: t.uid } : { gid: (t as { gid: number }).gid };

function reaction(d: Reaction): Reaction {
  switch (d.type) {
    case 'edit':
      return { type: d.type, properties: d.properties, content_type: d.content_type, content: d.content };
    case 'like':
      return { type: d.type, action: d.action };
    case 'delete':
      return { type: d.type };
  }
}

function detail(d: MessageDetail): MessageDetail {
  switch (d.type) {
    case 'normal':
      return {
        type: d.type,
        properties: d.properties,
        content_type: d.content_type,
        content: d.content,
        expires_in: d.expires_in,
      };
    case 'reply':
      return {
        type: d.type,
        mid: d.mid,
        properties: d.properties,
        content_type: d.content_type,
        content: d.content,
      };
    case 'reaction':
      return { type: d.type, mid: d.mid, detail: reaction(d.detail) };
  }
}

export function serializeChatMessages(messages: readonly ChatMessage[]): string {
  return JSON.stringify(
    messages.map((m) => ({
      mid: m.mid,
      from_uid: m.from_uid,
      created_at: m.created_at,
      target: target(m.target),
      detail: detail(m.detail),
    })),
  );
}

/** Fastify's `serializerCompiler` for a route answering `ChatMessageList` (a Buffer is sent as is). */
export const chatMessagesSerializer = () => (messages: ChatMessage[]) =>
  Buffer.from(serializeChatMessages(messages)) as unknown as string;
