import { KeywordMatcher, KeywordMatcherCache } from './keyword-matcher';

const labels = (matcher: KeywordMatcher, text: string) => matcher.find(text).map((h) => h.label);

describe('KeywordMatcher', () => {
  const matcher = new KeywordMatcher(['knife', 'fortnite', 'knife fight', 'glass']);

  it('matches whole words case-insensitively and quotes the child', () => {
    const [hit] = new KeywordMatcher(['fortnite']).find('Can I play FORTNITE later?');
    expect(hit).toMatchObject({
      category: 'keyword',
      severity: 'medium',
      label: 'fortnite',
      evidence: 'FORTNITE',
    });
  });

  it('resists spacing, punctuation, stretched letters and leetspeak', () => {
    for (const text of ['a k n i f e', 'k.n.i.f.e', 'k-n-i-f-e', 'kniiiife', 'kn1f3', 'KN!FE']) {
      expect(labels(matcher, `I have ${text} here`)).toContain('knife');
    }
  });

  it('does not match inside other words', () => {
    expect(labels(matcher, 'penknifes are pocketknives')).toEqual([]);
    expect(labels(matcher, 'my fortnitely plans')).toEqual([]);
  });

  it('allows a plural', () => {
    expect(labels(matcher, 'two knifes and some glasses')).toEqual(['knife', 'glass']);
  });

  it('matches phrases and every keyword once', () => {
    expect(labels(matcher, 'a knife fight, another knife fight')).toEqual(['knife', 'knife fight']);
  });

  it('matches with no keywords at all', () => {
    expect(new KeywordMatcher([]).find('anything')).toEqual([]);
  });
});

describe('KeywordMatcherCache', () => {
  it('reuses the matcher of the same keyword set in any order', () => {
    const cache = new KeywordMatcherCache();
    const first = cache.matcherFor(['knife', 'gun']);
    expect(cache.matcherFor(['gun', 'knife'])).toBe(first);
    expect(cache.size).toBe(1);
  });

  it('gives a new matcher when the keywords change', () => {
    const cache = new KeywordMatcherCache();
    const before = cache.matcherFor(['knife']);
    const after = cache.matcherFor(['knife', 'gun']);
    expect(after).not.toBe(before);
    expect(after.find('a gun').map((h) => h.label)).toEqual(['gun']);
    expect(before.find('a gun')).toEqual([]);
  });

  it('forgets the least recently used sets', () => {
    const cache = new KeywordMatcherCache(2);
    const a = cache.matcherFor(['a1']);
    cache.matcherFor(['b1']);
    cache.matcherFor(['a1']);
    cache.matcherFor(['c1']);
    expect(cache.size).toBe(2);
    expect(cache.matcherFor(['a1'])).toBe(a);
  });
});
