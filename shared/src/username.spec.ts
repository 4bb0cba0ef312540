import { isValidUsername, normalizeUsername, suggestUsername, syntheticEmail } from './username';

describe('usernames', () => {
  it('appends a number from 100 to 999 to the nickname', () => {
    expect(suggestUsername('Maya', () => 0)).toBe('maya100');
    expect(suggestUsername('Maya', () => 0.999999)).toBe('maya999');
    expect(suggestUsername('Maya', () => 0.5)).toBe('maya550');
  });

  it("uses 'kid' when the nickname is empty", () => {
    expect(suggestUsername('', () => 0)).toBe('kid100');
    expect(suggestUsername('  ', () => 0)).toBe('kid100');
  });

  it('keeps suggestions valid usernames', () => {
    for (let i = 0; i < 50; i += 1)
      expect(isValidUsername(suggestUsername('Émile Zola!'))).toBe(true);
  });

  it('lowercases and validates', () => {
    expect(normalizeUsername(' Sam ')).toBe('sam');
    expect(isValidUsername('sam')).toBe(true);
    expect(isValidUsername('sa')).toBe(false);
    expect(isValidUsername('sam smith')).toBe(false);
    expect(isValidUsername('sam@x')).toBe(false);
    expect(isValidUsername('-sam')).toBe(false);
  });

  it('derives the synthetic email', () => {
    expect(syntheticEmail('Sam', 'kids.sprout.invalid')).toBe('sam@kids.sprout.invalid');
  });
});
