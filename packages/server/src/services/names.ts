/**
 * Display names that cannot impersonate (issue 8): a name is NFKC-normalised (full-width and
 * ligature look-alikes become plain letters), and one carrying invisible or direction-changing
 * characters (zero-width, bidi controls) is refused, since those exist to make two names look
 * alike or to reorder what a reader sees. A name that merely looks like another user's, letter by
 * letter (Cyrillic "а" for Latin "a", "0" for "o"), counts as taken.
 */
import { badRequest } from '../errors.js';

// Zero-width and joiner characters, bidi embeddings/overrides/isolates and marks, the Hangul and
// other fillers that render as nothing, soft hyphen, BOM, and every control character. Some are
// combining characters, listed one by one on purpose (the lint rule guards against accidents).
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class
  /[\p{Cc}\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0]/gu;

/**
 * `text` without those characters, for names kept rather than refused: a file is named by the
 * system it came from, and "report\u202Efdp.exe" would otherwise show as "reportexe.pdf".
 */
export const withoutInvisible = (text: string): string => text.replace(INVISIBLE, '');

/** The name as stored: NFKC, trimmed, inner runs of spaces collapsed. Throws 400 when unusable. */
export function cleanName(raw: string): string {
  // Variation selectors only pick an emoji's style (❤️): dropped rather than refused.
  const name = raw
    .normalize('NFKC')
    .replace(/[\uFE00-\uFE0F]/g, '')
    .trim()
    .replace(/\s+/g, ' ');
  if (withoutInvisible(name) !== name)
    throw badRequest('name contains invisible or direction control characters');
  if (!name) throw badRequest('name is empty');
  return name;
}

// Letters of other scripts that look like Latin ones, and the digit/letter pairs people misread.
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  ɡ: 'g',
  ı: 'i',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ϲ: 'c',
  '0': 'o',
  '1': 'l',
  '|': 'l',
  '!': 'l',
};

/** What a name looks like: names with the same skeleton are easy to mistake for each other. */
export function nameSkeleton(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s._\-'’]/g, '');
  // "I" lowercases to "i", which reads like "l" in many fonts; "rn" reads like "m".
  return [...base]
    .map((c) => LOOK_ALIKES[c] ?? c)
    .join('')
    .replace(/i/g, 'l')
    .replace(/rn/g, 'm');
}

/** Whether `name` looks like the name of a user other than `self`. */
export function looksTaken(
  name: string,
  others: readonly { uid: number; name: string }[],
  self?: number,
): boolean {
  const skeleton = nameSkeleton(name);
  return others.some((u) => u.uid !== self && nameSkeleton(u.name) === skeleton);
}
