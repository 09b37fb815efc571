import Type from 'typebox';
import { Id, MessageTarget } from './common.js';
import { LIMITS } from './limits.js';

/** The `type` filter of a search and the content types each value stands for. */
export const SEARCH_TYPES = {
  text: ['text/plain'],
  markdown: ['text/markdown'],
  file: ['vocechat/file'],
} as const;
export type SearchType = keyof typeof SEARCH_TYPES;

/**
 * `GET /message/search` (Parley, beyond VoceChat). `q`: words, `"phrases"` and `prefix*`, all
 * required; `from` an author, `gid` a channel, `uid` the DM with that user; `after`/`before`
 * bound `created_at` (ms, `after <= created_at < before`); `before_mid` pages backwards.
 */
export const SearchQuery = Type.Object({
  q: Type.String({ minLength: 1, maxLength: LIMITS.searchQueryMaxLength }),
  from: Type.Optional(Id),
  gid: Type.Optional(Id),
  uid: Type.Optional(Id),
  type: Type.Optional(Type.Union([Type.Literal('text'), Type.Literal('markdown'), Type.Literal('file')])),
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  before: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  before_mid: Type.Optional(Id),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type SearchQuery = Type.Static<typeof SearchQuery>;

/**
 * One found message, newest first: where it is (`target`, as in `ChatMessage`), a snippet of its
 * current text around the match with `[start, end)` UTF-16 ranges of the matched words, and
 * whether it was edited.
 */
export const SearchHit = Type.Object({
  mid: Id,
  from_uid: Id,
  created_at: Type.Integer(),
  target: MessageTarget,
  content_type: Type.String(),
  snippet: Type.String(),
  highlights: Type.Array(Type.Tuple([Type.Integer(), Type.Integer()])),
  edited: Type.Boolean(),
});
export type SearchHit = Type.Static<typeof SearchHit>;
