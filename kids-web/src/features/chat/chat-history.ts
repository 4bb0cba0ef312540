/**
 * Saved chat history (spec §3): kept in the browser per user and mode, holding role, content and
 * image only; welcome messages are never saved; the entry is removed when nothing remains. Read
 * and write failures are only logged, and the history then counts as empty.
 */
import { CHILD_MODES, type ChildMode } from '@sprout/shared';
import { isWelcomeMessage, newLoadedMessageId, type ChatMessage } from './chat-message';

export interface SavedChatMessage {
  role: 'user' | 'assistant';
  content: string;
  image?: string;
}

export function historyKey(uid: string, mode: ChildMode): string {
  return `sprout.chatHistory.${uid}.${mode}`;
}

function isSavedMessage(value: unknown): value is SavedChatMessage {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return (
    (item.role === 'user' || item.role === 'assistant') &&
    typeof item.content === 'string' &&
    (item.image === undefined || item.image === null || typeof item.image === 'string')
  );
}

export function loadHistory(uid: string, mode: ChildMode): ChatMessage[] {
  try {
    const raw = window.localStorage.getItem(historyKey(uid, mode));
    if (raw === null) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || !parsed.every(isSavedMessage)) {
      throw new Error('The saved chat history has an unexpected shape.');
    }
    return parsed.map((item) => ({
      id: newLoadedMessageId(),
      role: item.role,
      content: item.content,
      isStreaming: false,
      ...(item.image ? { image: item.image } : {}),
    }));
  } catch (error) {
    console.error(`Could not read the saved chat history for ${mode} mode`, error);
    return [];
  }
}

/** What is saved: finished, non-welcome messages as role, content and image. */
export function toSavedHistory(messages: readonly ChatMessage[]): SavedChatMessage[] {
  return messages
    .filter((message) => !isWelcomeMessage(message) && !message.isStreaming)
    .map((message) => ({
      role: message.role,
      content: message.content,
      ...(message.image ? { image: message.image } : {}),
    }));
}

/** Saves the history; returns what was written ('' when the entry was removed). */
export function saveHistory(
  uid: string,
  mode: ChildMode,
  messages: readonly ChatMessage[],
): string {
  const saved = toSavedHistory(messages);
  const key = historyKey(uid, mode);
  try {
    if (saved.length === 0) {
      window.localStorage.removeItem(key);
      return '';
    }
    const text = JSON.stringify(saved);
    window.localStorage.setItem(key, text);
    return text;
  } catch (error) {
    console.error(`Could not save the chat history for ${mode} mode`, error);
    return '';
  }
}

export function removeHistory(uid: string, mode: ChildMode): void {
  try {
    window.localStorage.removeItem(historyKey(uid, mode));
  } catch (error) {
    console.error(`Could not remove the chat history for ${mode} mode`, error);
  }
}

/** Sign-out removes the saved history of all five modes for that user (spec §4). */
export function removeAllHistories(uid: string): void {
  CHILD_MODES.forEach((mode) => removeHistory(uid, mode));
}
