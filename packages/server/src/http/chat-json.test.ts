import { ChatMessageList, type ChatMessage } from '@parley/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { valid, type Schema } from '../../test/support/fuzz-arbitraries.js';
import { serializeChatMessages } from './chat-json.js';
import { historySchemaSerializer } from '../../test/support/history-schema-serializer.js';

const schemaSerializer = historySchemaSerializer();

const pages = valid(ChatMessageList as unknown as Schema) as fc.Arbitrary<ChatMessage[]>;

/** Keys no schema names, at every level a record has, as a row read from an older build might carry. */
const withStrayKeys = (messages: ChatMessage[]) =>
  messages.map((m) => {
    const detail = { ...m.detail, stray: 1 } as Record<string, unknown>;
    if (m.detail.type === 'reaction') detail.detail = { ...m.detail.detail, stray: [2] };
    return { ...m, stray: 'x', target: { ...m.target, stray: null }, detail } as ChatMessage;
  });

describe('history pages as JSON', () => {
  it('writes what the schema serializer writes, for any valid page', () => {
    fc.assert(
      fc.property(pages, (messages) => {
        expect(serializeChatMessages(messages)).toBe(schemaSerializer(messages));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves out keys the schema does not name, as the schema serializer does', () => {
    fc.assert(
      fc.property(pages, (messages) => {
        const page = withStrayKeys(messages);
        const out = serializeChatMessages(page);
        expect(out).toBe(schemaSerializer(page));
        expect(out).not.toContain('"stray"');
      }),
      { numRuns: 200 },
    );
  });

  // A page in the schema's shape is stringified as it is (what the store builds); these are not.
  it('writes the schema order and keys whatever order or prototype a record comes with', () => {
    fc.assert(
      fc.property(pages, (messages) => {
        const reordered = messages.map((m) => {
          const [first, ...rest] = Object.entries(m.detail);
          const detail = Object.fromEntries([...rest, first!]) as ChatMessage['detail'];
          return {
            detail,
            target: { ...m.target },
            created_at: m.created_at,
            from_uid: m.from_uid,
            mid: m.mid,
          };
        });
        expect(serializeChatMessages(reordered as ChatMessage[])).toBe(schemaSerializer(messages));
      }),
      { numRuns: 200 },
    );
    class Record {
      constructor(m: ChatMessage) {
        Object.assign(this, m);
      }
      toJSON() {
        return 'not a record';
      }
    }
    fc.assert(
      fc.property(pages, (messages) => {
        const page = messages.map((m) => new Record(m) as unknown as ChatMessage);
        expect(serializeChatMessages(page)).toBe(schemaSerializer(messages));
      }),
      { numRuns: 50 },
    );
  });

  it('keeps text that needs escaping intact', () => {
    const content = 'quote " backslash \\ newline \n nul-free \u0007 lone \uD800 emoji 😀 \u2028';
    const page: ChatMessage[] = [
      {
        mid: 7,
        from_uid: 1,
        created_at: 1_700_000_000_000,
        target: { gid: 3 },
        detail: {
          type: 'normal',
          properties: { 'k"': ['\\'] },
          content_type: 'text/plain',
          content,
          expires_in: null,
        },
      },
    ];
    const out = serializeChatMessages(page);
    expect(JSON.parse(out)).toEqual(page);
    expect(out).toBe(schemaSerializer(page));
  });
});
