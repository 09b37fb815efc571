/**
 * The invite token of a registration link. Servers put it before the hash (`/?magic_token=…#/register`);
 * links built by hand may carry it in the hash query (`#/register?magic_token=…`).
 */
export function readMagicToken(search: string, hash: string): string | null {
  const fromSearch = new URLSearchParams(search).get('magic_token');
  if (fromSearch) return fromSearch;
  const queryStart = hash.indexOf('?');
  if (queryStart === -1) return null;
  return new URLSearchParams(hash.slice(queryStart + 1)).get('magic_token') || null;
}
