import { describe, expect, it } from 'vitest';
import { indexTokens, MAX_TOKEN_CHARS } from './search-text.js';

describe('indexTokens', () => {
  it('splits ASCII text into lower-case words of letters and digits, long ones cut', () => {
    const long = 'X'.repeat(MAX_TOKEN_CHARS + 20);
    expect(indexTokens(`bench 000000042 Hello, WORLD_2 ${long}!`)).toEqual([
      'bench',
      '000000042',
      'hello',
      'world',
      '2',
      'x'.repeat(MAX_TOKEN_CHARS),
    ]);
  });

  it('gives an ASCII word the same token with or without other scripts in the message', () => {
    const ascii = indexTokens('Release NOTES v2 tab\there');
    expect(indexTokens('Release NOTES v2 tab\there café')).toEqual([...ascii, 'cafe']);
    expect(indexTokens('東京 Release NOTES v2 tab\there')).toEqual(['東京', '京', ...ascii]);
  });

  it('folds width, case and diacritics outside ASCII', () => {
    expect(indexTokens('ＡＢＣ Ｃafé ÅNGSTRÖM')).toEqual(['abc', 'cafe', 'angstrom']);
  });
});
