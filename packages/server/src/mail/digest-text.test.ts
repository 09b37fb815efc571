import { describe, expect, it } from 'vitest';
import { digestStrings } from './digest-text.js';
import { MAIL_LANGUAGES } from './templates.js';

describe('digest wording', () => {
  it('is in each of the seven languages, with the server name and counts filled in', () => {
    const intros = new Set<string>();
    for (const language of MAIL_LANGUAGES) {
      const words = digestStrings(language, 'Acme');
      expect(words.subject(3)).toContain('Acme');
      expect(words.subject(3)).toContain('3');
      expect(words.intro(3)).toContain('Acme');
      expect(words.open).toContain('Acme');
      intros.add(words.intro(3));
    }
    expect(intros.size).toBe(MAIL_LANGUAGES.length);
    expect(digestStrings('fr-FR', 'Acme').intro(1)).toBe('Vous avez manqué 1 message sur Acme :');
    expect(digestStrings(null, 'Acme').subject(1)).toBe('1 new message on Acme');
    expect(digestStrings('xx', 'A\r\nB').subject(2)).toBe('2 new messages on A B');
  });
});
