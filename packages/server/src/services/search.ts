/**
 * Message search (docs/search.md): parses the query, lets the store search what the caller may
 * read (the permission is inside the store's query), and cuts a snippet around each match.
 */
import { SEARCH_TYPES, type SearchHit, type SearchQuery } from '@parley/protocol';
import type { Actor, Ctx } from '../context.js';
import { badRequest } from '../errors.js';
import { parseQuery, snippet } from '../store/search-text.js';

export const SEARCH_DEFAULT_LIMIT = 20;

export async function searchMessages(ctx: Ctx, actor: Actor, query: SearchQuery): Promise<SearchHit[]> {
  const terms = parseQuery(query.q);
  if (terms.length === 0) throw badRequest('the query has no words to search for');
  const records = await ctx.store.search.search({
    uid: actor.uid,
    terms,
    from: query.from,
    gid: query.gid,
    dmWith: query.uid,
    contentTypes: query.type ? SEARCH_TYPES[query.type] : undefined,
    after: query.after,
    before: query.before,
    beforeMid: query.before_mid,
    limit: query.limit ?? SEARCH_DEFAULT_LIMIT,
  });
  return records.map((r) => {
    const cut = snippet(r.content, terms);
    return {
      mid: r.mid,
      from_uid: r.from_uid,
      created_at: r.created_at,
      target: r.target,
      content_type: r.content_type,
      snippet: cut.text,
      highlights: cut.highlights,
      edited: r.edited_at !== null,
    };
  });
}
