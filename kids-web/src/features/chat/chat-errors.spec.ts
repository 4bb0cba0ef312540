import { ApiError } from '@sprout/shared';
import { describe, expect, it } from 'vitest';
import { CHAT_FALLBACK_ERROR, chatErrorText, explainErrorText } from './chat-errors';

describe('chatErrorText', () => {
  it("shows the server's message first", () => {
    expect(chatErrorText(new ApiError(429, { message: 'Slow down a little!', detail: 'x' }))).toBe(
      'Slow down a little!',
    );
  });

  it('then the detail, as text or as {error, message}', () => {
    expect(chatErrorText(new ApiError(400, { statusCode: 400, detail: 'Too long.' }))).toBe(
      'Too long.',
    );
    expect(
      chatErrorText(
        new ApiError(403, {
          statusCode: 403,
          detail: { error: 'mode_not_allowed', message: 'That mode is switched off.' },
        }),
      ),
    ).toBe('That mode is switched off.');
  });

  it("then 'Error: {status}'", () => {
    expect(chatErrorText(new ApiError(502, null))).toBe('Error: 502');
    expect(chatErrorText(new ApiError(500, { message: '' }))).toBe('Error: 500');
  });

  it('else the friendly fallback', () => {
    expect(chatErrorText(new TypeError('Failed to fetch'))).toBe(
      'Oops, something went wrong! Try again.',
    );
    expect(CHAT_FALLBACK_ERROR).toBe('Oops, something went wrong! Try again.');
  });

  it('has the explain failure text', () => {
    expect(explainErrorText('gravity')).toBe(
      'Sorry, I had a little trouble explaining "gravity". Please try again.',
    );
  });
});
