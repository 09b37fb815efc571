/**
 * The text side of full-text search, shared by both stores (docs/search.md): how a message's text
 * becomes index tokens and how a query becomes terms. Both databases index the same tokens, so a
 * query finds the same messages on SQLite and PostgreSQL.
 *
 * Words are runs of letters and digits, case-folded (NFKC, lower case) and without diacritics.
 * Chinese and Japanese have no spaces, so a run of Han/kana characters becomes overlapping
 * bigrams plus its last character alone: 東京都 → 東京 京都 都. A query run of two or more
 * characters is the phrase of its bigrams; a single character is a prefix of the bigrams.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc\u3005]/u;
const RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc\u3005]+|[\p{L}\p{N}\p{M}]+/gu;
const MARKS = /\p{M}+/gu;

/** At most this many tokens of one message are indexed (a long paste stays searchable by its start). */
export const MAX_INDEX_TOKENS = 4000;
/**
 * Longer words are indexed and queried by their first characters: PostgreSQL refuses a lexeme of
 * more than 2,046 bytes (a send with one 60 KB word answered 500), and nobody types such a word.
 */
export const MAX_TOKEN_CHARS = 100;
export const MAX_QUERY_TERMS = 16;

interface Run {
  cjk: boolean;
  text: string;
}

/** Text every normalization leaves as it is: NFKC, NFD and NFC do not change ASCII. */
const NON_ASCII = /[^\p{ASCII}]/u;

function runs(text: string): Run[] {
  // Most messages are ASCII: their words need none of the normalizations below, which cost more
  // than the rest of the tokenizer on each send (issue 9). The result is the same.
  if (!NON_ASCII.test(text)) return asciiRuns(text);
  const out: Run[] = [];
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(RUN)) {
    const run = match[0];
    if (CJK.test(run[0] ?? '')) out.push({ cjk: true, text: run });
    else {
      const plain = run.normalize('NFD').replace(MARKS, '').normalize('NFC');
      if (plain) out.push({ cjk: false, text: [...plain].slice(0, MAX_TOKEN_CHARS).join('') });
    }
  }
  return out;
}

function asciiRuns(text: string): Run[] {
  const out: Run[] = [];
  for (const match of text.toLowerCase().matchAll(RUN))
    out.push({ cjk: false, text: match[0].slice(0, MAX_TOKEN_CHARS) });
  return out;
}

function bigrams(chars: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

/** The tokens a message text is indexed as, in order (positions matter for phrases). */
export function indexTokens(text: string): string[] {
  const out: string[] = [];
  for (const run of runs(text)) {
    if (!run.cjk) out.push(run.text);
    else {
      const chars = [...run.text];
      out.push(...bigrams(chars), chars[chars.length - 1]!);
    }
    if (out.length >= MAX_INDEX_TOKENS) return out.slice(0, MAX_INDEX_TOKENS);
  }
  return out;
}

/** One query term: consecutive tokens (a phrase of one or more), the last one maybe a prefix. */
export interface SearchTerm {
  tokens: string[];
  prefix: boolean;
}

function termOf(text: string, prefix: boolean): SearchTerm | undefined {
  const parts = runs(text);
  const tokens: string[] = [];
  parts.forEach((run, i) => {
    const last = i === parts.length - 1;
    if (!run.cjk) return void tokens.push(run.text);
    const chars = [...run.text];
    if (chars.length === 1) return void tokens.push(run.text);
    tokens.push(...bigrams(chars));
    // Inside a phrase the index has the run's last character before the next word.
    if (!last) tokens.push(chars[chars.length - 1]!);
  });
  if (tokens.length === 0) return undefined;
  const lastRun = parts[parts.length - 1]!;
  // A lone CJK character at the end matches the bigrams it starts.
  const cjkPrefix = lastRun.cjk && [...lastRun.text].length === 1;
  return { tokens, prefix: prefix || cjkPrefix };
}

/**
 * Parses a query: whitespace-separated words, `"quoted phrases"`, and `word*` prefixes; every term
 * must match. Punctuation inside a word splits it into a phrase (`e-mail` is the phrase `e mail`).
 */
export function parseQuery(query: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const match of query.matchAll(/"([^"]*)"?|(\S+)/g)) {
    const phrase = match[1];
    const word = match[2];
    const term =
      phrase !== undefined
        ? termOf(phrase, false)
        : termOf(word!.replace(/\*+$/, ''), word!.endsWith('*') && word!.replace(/\*+$/, '') !== '');
    if (term) terms.push(term);
    if (terms.length >= MAX_QUERY_TERMS) break;
  }
  return terms;
}

/** SQLite FTS5 MATCH syntax: each term a quoted phrase, `*` for a prefix; terms ANDed. */
export function ftsMatch(terms: readonly SearchTerm[]): string {
  return terms
    .map((t) => `"${t.tokens.join(' ').replaceAll('"', '""')}"${t.prefix ? ' *' : ''}`)
    .join(' AND ');
}

const lexeme = (token: string) => `'${token.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** PostgreSQL `tsvector` input with explicit positions, so no text-search parser is involved. */
export function tsVector(tokens: readonly string[]): string {
  return tokens.map((t, i) => `${lexeme(t)}:${Math.min(i + 1, 16383)}`).join(' ');
}

/** PostgreSQL `tsquery` input: phrases with `<->`, prefixes with `:*`, terms ANDed. */
export function tsQuery(terms: readonly SearchTerm[]): string {
  return terms
    .map((t) => {
      const parts = t.tokens.map(
        (tok, i) => lexeme(tok) + (t.prefix && i === t.tokens.length - 1 ? ':*' : ''),
      );
      return parts.length === 1 ? parts[0]! : `(${parts.join(' <-> ')})`;
    })
    .join(' & ');
}

/** The words to highlight in a snippet: each term's tokens, CJK ones joined back into runs. */
function needles(terms: readonly SearchTerm[]): string[] {
  const out = new Set<string>();
  for (const t of terms) {
    for (const tok of t.tokens) out.add(tok);
  }
  return [...out].filter((n) => n.length > 0);
}

export interface Snippet {
  text: string;
  /** `[start, end)` UTF-16 offsets into `text` of the matched words. */
  highlights: [number, number][];
}

const fold = (s: string) => s.normalize('NFKC').toLowerCase().normalize('NFD').replace(MARKS, '');

/**
 * A window of the text around the first match, with the matched words marked. Offsets are found
 * on a folded copy whose characters line up with the original where folding keeps lengths; when
 * it does not (rare compatibility forms), the snippet is returned without highlights.
 */
export function snippet(text: string, terms: readonly SearchTerm[], width = 160): Snippet {
  const folded = [...text].map((ch) => fold(ch));
  const aligned = folded.every((f, i) => f.length === [...text][i]!.length);
  const plain = [...text];
  const haystack = aligned ? folded.join('') : '';
  const ranges: [number, number][] = [];
  if (aligned) {
    for (const needle of needles(terms)) {
      const isCjk = CJK.test(needle[0] ?? '');
      let from = 0;
      for (;;) {
        const at = haystack.indexOf(needle, from);
        if (at < 0) break;
        const before = haystack[at - 1];
        const startsWord = isCjk || before === undefined || !/[\p{L}\p{N}]/u.test(before);
        if (startsWord) ranges.push([at, at + needle.length]);
        from = at + needle.length;
      }
    }
  }
  const merged = mergeRanges(ranges);
  const joined = plain.join('');
  const first = merged[0]?.[0] ?? 0;
  const start =
    joined.length <= width ? 0 : Math.max(0, Math.min(first - Math.floor(width / 3), joined.length - width));
  const end = Math.min(joined.length, start + width);
  const prefix = start > 0 ? '…' : '';
  const suffix = end < joined.length ? '…' : '';
  const shift = prefix.length - start;
  return {
    text: prefix + joined.slice(start, end) + suffix,
    highlights: merged
      .filter(([s, e]) => s >= start && e <= end)
      .map(([s, e]) => [s + shift, e + shift] as [number, number]),
  };
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/**
 * The text of a message version that search indexes: the body of text messages; for other kinds
 * (files) the `name` property when there is one.
 */
export function searchableText(version: {
  content_type: string;
  content: string;
  properties?: Record<string, unknown> | null;
}): string {
  if (version.content_type.startsWith('text/')) return version.content;
  const name = version.properties?.['name'];
  return typeof name === 'string' ? name : '';
}
