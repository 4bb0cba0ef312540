import { KEYWORD_MESSAGES, STOP_WORDS, checkKeyword, normalizeKeyword } from './keywords';

describe('keyword rule', () => {
  it('trims and lowercases', () => {
    expect(normalizeKeyword('  Fortnite ')).toBe('fortnite');
    expect(checkKeyword(' Knife  Fight ')).toEqual({ ok: true, keyword: 'knife  fight' });
  });

  it('rejects an empty keyword with the exact message', () => {
    expect(checkKeyword('   ')).toEqual({ ok: false, message: 'Keyword cannot be empty.' });
  });

  it('rejects a keyword that is a common word', () => {
    expect(checkKeyword('The')).toEqual({
      ok: false,
      message: '"the" is a common word and cannot be added as a keyword.',
    });
    for (const word of ['a', 'an', 'and', 'the', 'is', 'i', 'you', 'of', 'they', 'were']) {
      expect(STOP_WORDS.has(word)).toBe(true);
    }
  });

  it('rejects an overly long keyword', () => {
    expect(checkKeyword('x'.repeat(51))).toEqual({ ok: false, message: KEYWORD_MESSAGES.tooLong });
  });
});
