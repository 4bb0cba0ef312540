import {
  explainWord,
  safeUrl,
  splitImageLine,
  stripMarkdownForSpeech,
  stripTemplateBraces,
} from './markdown';
import { formatApiDate, parseApiDate } from './dates';

describe('rendering rules', () => {
  it('strips template braces to their inner text', () => {
    expect(stripTemplateBraces('Hello {{name}} and {friend}!')).toBe('Hello name and friend!');
  });

  it('keeps only safe or relative link targets', () => {
    expect(safeUrl('https://example.com')).toBe('https://example.com');
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeUrl('/relative/path')).toBe('/relative/path');
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl('data:text/html,x')).toBe('');
    expect(safeUrl('explain:volcano')).toBe('');
    expect(safeUrl('explain:volcano', true)).toBe('explain:volcano');
  });

  it('reads the word of an explain link', () => {
    expect(explainWord('explain:photo%20synthesis')).toBe('photo synthesis');
    expect(explainWord('https://x')).toBeNull();
  });

  it('strips markdown and newlines for speech', () => {
    expect(stripMarkdownForSpeech('**Hi** there!\n\n- one [word](explain:word)\n# Title')).toBe(
      'Hi there! one word Title',
    );
  });

  it('splits off the image line', () => {
    expect(splitImageLine('A cat\n\u001e{"image":"https://x/cat.png"}')).toEqual({
      text: 'A cat',
      image: 'https://x/cat.png',
    });
    expect(splitImageLine('plain')).toEqual({ text: 'plain', image: null });
  });
});

describe('dates', () => {
  it('accepts epoch seconds, milliseconds and strings; N/A otherwise', () => {
    expect(parseApiDate(1700000000)?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(parseApiDate(1700000000000)?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(parseApiDate('2023-11-14T22:13:20Z')?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(formatApiDate('not a date')).toBe('N/A');
    expect(formatApiDate(null)).toBe('N/A');
  });
});
