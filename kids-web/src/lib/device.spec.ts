import { describe, expect, it } from 'vitest';
import { isMobileUserAgent } from './device';

describe('isMobileUserAgent', () => {
  it.each([
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
    'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36',
    'Mozilla/5.0 (Linux; Android 13; SM-X200) Safari/537.36',
  ])('treats %s as mobile', (ua) => {
    expect(isMobileUserAgent(ua)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
  ])('treats %s as desktop', (ua) => {
    expect(isMobileUserAgent(ua)).toBe(false);
  });
});
