import { maxMatchLength } from './regex-span';

describe('maxMatchLength', () => {
  it.each([
    [/abc/, 3],
    [/a{1,3}b?/, 4],
    [/\bfoo(?= bar)\b/, 3],
    [/(?<!x)ab|cde/, 3],
    [/[a-z\]]{2}\.?/, 3],
    [/(?:how to|ways? to)(?: [a-z0-9]{1,20}){0,2} kill\b/g, 54],
    [/\p{Lu}[\p{Ll}'-]{1,20}/u, 42],
  ])('measures %s as %d', (pattern, length) => {
    expect(maxMatchLength(pattern)).toBe(length);
  });

  it.each([/a+/, /(?:ab)*/, /x{2,}/, /(a)\1/])('finds no bound for %s', (pattern) => {
    expect(maxMatchLength(pattern)).toBe(Infinity);
  });
});
