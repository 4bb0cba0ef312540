/** The texts an assistant bubble shows when a request fails (spec §8 "Child chat"). */
import { ApiError } from '@sprout/shared';

export const CHAT_FALLBACK_ERROR = 'Oops, something went wrong! Try again.';

export function chatErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body;
    const message =
      body && typeof body === 'object' ? (body as Record<string, unknown>).message : undefined;
    if (typeof message === 'string' && message.trim()) return message;
    if (error.detail) return error.detail;
    return `Error: ${error.status}`;
  }
  return CHAT_FALLBACK_ERROR;
}

export const explainErrorText = (word: string) =>
  `Sorry, I had a little trouble explaining "${word}". Please try again.`;

/** The prompt of an explain request (mode Explain, empty history). */
export const explainPrompt = (word: string) => `Can you explain what "${word}" means?`;
