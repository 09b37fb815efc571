import { describe, expect, it } from 'vitest';
import { markMentions, showMentions } from './markdown-mentions';
import { encodeMentions, findMentionQuery, mentionsUser, splitMentions } from './mentions';

describe('mentions', () => {
  it('finds the @word before the caret, at the start or after a space only', () => {
    expect(findMentionQuery('hi @be', 6)).toEqual({ start: 3, query: 'be' });
    expect(findMentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(findMentionQuery('mail a@b', 8)).toBeNull();
    expect(findMentionQuery('hi @bea done', 12)).toBeNull();
  });

  it('encodes picked names as @uid and lists each uid once', () => {
    expect(
      encodeMentions('@Ann Lee and @Ann, see @Ann Lee', [
        { uid: 2, name: 'Ann' },
        { uid: 3, name: 'Ann Lee' },
      ]),
    ).toEqual({ content: '@3 and @2 , see @3', mentions: [3, 2] });
    expect(encodeMentions('no one here', [{ uid: 2, name: 'Ann' }])).toEqual({
      content: 'no one here',
      mentions: [],
    });
  });

  it('splits @uid out of text but not e-mail addresses', () => {
    expect(splitMentions('hey @12, mail x@13 ')).toEqual([
      { kind: 'text', text: 'hey ' },
      { kind: 'mention', uid: 12 },
      { kind: 'text', text: ', mail x@13 ' },
    ]);
  });

  it('tells whether a message mentions a user, by property or text', () => {
    expect(mentionsUser({ content: 'x', properties: { mentions: [4] } }, 4)).toBe(true);
    expect(mentionsUser({ content: 'hi @4 ', properties: null }, 4)).toBe(true);
    expect(mentionsUser({ content: 'hi @44', properties: null }, 4)).toBe(false);
  });

  it('turns markdown mentions into escaped name spans after rendering', () => {
    const marked = markMentions('hi @7 **x**');
    expect(marked).not.toContain('@7');
    const html = showMentions(`<p>${marked}</p>`, () => '<b>Eve</b>', 7);
    expect(html).toContain('<span class="mention mention--self" data-testid="mention" data-uid="7">');
    expect(html).toContain('@&lt;b&gt;Eve&lt;/b&gt;');
  });
});
