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

/**
 * Whether `o` is a plain object (no `toJSON` to inherit) whose enumerable keys are exactly `keys`,
 * in that order. `for…in` over a record's few keys allocates nothing.
 */
function hasExactly(o: object, keys: readonly string[]): boolean {
  if (Object.getPrototypeOf(o) !== Object.prototype) return false;
  let i = 0;
  for (const key in o) if (key !== keys[i++]) return false;
  return i === keys.length;
}

const RECORD = ['mid', 'from_uid', 'created_at', 'target', 'detail'] as const;
const GROUP = ['gid'] as const;
const USER = ['uid'] as const;
const NORMAL = ['type', 'properties', 'content_type', 'content', 'expires_in'] as const;
const REPLY = ['type', 'mid', 'properties', 'content_type', 'content'] as const;
const REACTION = ['type', 'mid', 'detail'] as const;
const EDIT = ['type', 'properties', 'content_type', 'content'] as const;
const LIKE = ['type', 'action'] as const;
const DELETE = ['type'] as const;

function reactionIsProjected(d: Reaction): boolean {
  switch (d.type) {
    case 'edit':
      return hasExactly(d, EDIT);
    case 'like':
      return hasExactly(d, LIKE);
    case 'delete':
      return hasExactly(d, DELETE);
    default:
      return false;
  }
}

function detailIsProjected(d: MessageDetail): boolean {
  switch (d.type) {
    case 'normal':
      return hasExactly(d, NORMAL);
    case 'reply':
      return hasExactly(d, REPLY);
    case 'reaction':
      return hasExactly(d, REACTION) && reactionIsProjected(d.detail);
    default:
      return false;
  }
}

/**
 * Whether the record already is its own projection: every key the schema names, in the schema's
 * order, and no other. Records the store builds (`toMessage`) are, so the page is stringified as
 * it is, without a second copy of every record (a fifth of a page's garbage on PostgreSQL).
 */
function isProjected(m: ChatMessage): boolean {
  return (
    hasExactly(m, RECORD) &&
    (hasExactly(m.target, GROUP) || hasExactly(m.target, USER)) &&
    detailIsProjected(m.detail)
  );
}

export function serializeChatMessages(messages: readonly ChatMessage[]): string {
  if (Object.getPrototypeOf(messages) === Array.prototype && messages.every(isProjected)) {
    return JSON.stringify(messages);
  }
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
