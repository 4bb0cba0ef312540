import {
  EXPLAIN_MODE,
  HISTORY_MAX_ITEMS,
  type ChatHistoryItem,
  type ChatMode,
  type FilterLevel,
} from '@sprout/shared';
import type { ChatMessage } from './chat-model';
import { systemPrompt } from './prompts/system-prompt';

/**
 * Characters of earlier conversation sent with a prompt (about 2,000 tokens). Together with the
 * system prompt, a 2,000-character prompt and the answer it fits a 4,096-token local context.
 */
export const HISTORY_CHAR_BUDGET = 8_000;

export interface BuildMessagesInput {
  mode: ChatMode;
  age: number | null;
  filter: FilterLevel;
  history: ChatHistoryItem[];
  prompt: string;
}

/** System prompt, then the newest history that fits the limits, then the prompt. */
export function buildMessages(input: BuildMessagesInput): ChatMessage[] {
  const system: ChatMessage = { role: 'system', content: systemPrompt(input) };
  if (input.mode === EXPLAIN_MODE) {
    return [system, { role: 'user', content: explainRequest(input.prompt) }];
  }
  return [system, ...trimHistory(input.history), { role: 'user', content: input.prompt.trim() }];
}

/** Keeps the newest non-empty items, at most HISTORY_MAX_ITEMS and HISTORY_CHAR_BUDGET characters. */
export function trimHistory(
  history: ChatHistoryItem[],
  budget = HISTORY_CHAR_BUDGET,
): ChatMessage[] {
  const kept: ChatMessage[] = [];
  let used = 0;
  for (let i = history.length - 1; i >= 0 && kept.length < HISTORY_MAX_ITEMS; i--) {
    const item = history[i];
    if (item.role !== 'user' && item.role !== 'assistant') continue;
    const content = typeof item.content === 'string' ? item.content.trim() : '';
    if (!content) continue;
    // Stop at the first item that does not fit: a gap in the middle would confuse the model.
    if (used + content.length > budget) break;
    used += content.length;
    kept.push({ role: item.role, content });
  }
  return kept.reverse();
}

/**
 * The chat sends the tapped word itself as the prompt; a bare word or short phrase becomes an
 * explicit request, anything longer is passed as the child wrote it.
 */
export function explainRequest(prompt: string): string {
  const text = prompt.trim();
  const isTerm = text.split(/\s+/).length <= 4 && !/[?.!]$/.test(text);
  return isTerm ? `What does "${text.replace(/"/g, "'")}" mean?` : text;
}
