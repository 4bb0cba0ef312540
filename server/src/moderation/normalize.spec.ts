import { evidenceOf, keywordView, lexiconView, normalizeForKeywords } from './normalize';

describe('text views', () => {
  it('lower-cases, removes accents and drops apostrophes inside words', () => {
    expect(lexiconView("Don't  CAFÉ  I'm").text).toBe('dont cafe im');
  });

  it('decodes leetspeak only inside words with letters', () => {
    expect(lexiconView('kn1f3 s3x 5x7 2024').text).toBe('knife sex 5x7 2024');
  });

  it('joins spaced-out and punctuated letters', () => {
    expect(lexiconView('a k n i f e and k.n.i.f.e and kn-ife').text).toBe(
      'a knife and knife and knife',
    );
  });

  it('cuts stretched letters to two in the lexicon view and to one in the keyword view', () => {
    expect(lexiconView('kniiiiife').text).toBe('kniife');
    expect(keywordView('kniiiiife').text).toBe('knife');
    expect(normalizeForKeywords('Kill')).toBe('kil');
  });

  it('maps every character back to the original text for evidence', () => {
    const original = 'Hey, K n i f e!';
    const view = lexiconView(original);
    expect(view.text).toBe('hey knife');
    expect(evidenceOf(original, view, 4, 9)).toBe('K n i f e');
  });

  it('handles an empty text', () => {
    expect(lexiconView('').text).toBe('');
    expect(keywordView('   ').text).toBe('');
  });
});
