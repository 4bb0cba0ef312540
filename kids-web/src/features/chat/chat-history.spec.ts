import { CHILD_MODES } from '@sprout/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  historyKey,
  loadHistory,
  removeAllHistories,
  removeHistory,
  saveHistory,
} from './chat-history';
import { createWelcomeMessage, type ChatMessage } from './chat-message';

const user = (content: string): ChatMessage => ({
  id: `user-${content}`,
  role: 'user',
  content,
  isStreaming: false,
});
const reply = (content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `ai-${content}`,
  role: 'assistant',
  content,
  isStreaming: false,
  ...extra,
});

describe('saved chat history', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keys the entry by user id and mode', () => {
    expect(historyKey('kid-1', 'Story Time')).toBe('sprout.chatHistory.kid-1.Story Time');
    expect(historyKey('kid-1', 'Learn')).not.toBe(historyKey('kid-2', 'Learn'));
  });

  it('saves role, content and image only, never the welcome message or a streaming reply', () => {
    saveHistory('kid-1', 'Learn', [
      createWelcomeMessage('Learn', 'kid-1'),
      user('Hi'),
      reply('Hello!', { image: 'https://img.example/cat.png' }),
      reply('still typing', { isStreaming: true }),
    ]);
    expect(JSON.parse(window.localStorage.getItem(historyKey('kid-1', 'Learn'))!)).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello!', image: 'https://img.example/cat.png' },
    ]);
  });

  it('removes the entry when nothing remains to save', () => {
    window.localStorage.setItem(historyKey('kid-1', 'Play'), '[{"role":"user","content":"x"}]');
    saveHistory('kid-1', 'Play', [createWelcomeMessage('Play', 'kid-1')]);
    expect(window.localStorage.getItem(historyKey('kid-1', 'Play'))).toBeNull();
  });

  it('loads saved messages with loaded- ids, not streaming', () => {
    saveHistory('kid-1', 'Homework', [user('5x7?'), reply('35', { image: '/pic.png' })]);
    const loaded = loadHistory('kid-1', 'Homework');
    expect(loaded).toHaveLength(2);
    expect(loaded[0]).toMatchObject({ role: 'user', content: '5x7?', isStreaming: false });
    expect(loaded[1]).toMatchObject({ role: 'assistant', content: '35', image: '/pic.png' });
    loaded.forEach((m) => expect(m.id).toMatch(/^loaded-/));
    expect(new Set(loaded.map((m) => m.id)).size).toBe(2);
  });

  it('keeps each mode and each user apart', () => {
    saveHistory('kid-1', 'Learn', [user('learn')]);
    saveHistory('kid-1', 'Play', [user('play')]);
    saveHistory('kid-2', 'Learn', [user('other kid')]);
    expect(loadHistory('kid-1', 'Learn').map((m) => m.content)).toEqual(['learn']);
    expect(loadHistory('kid-1', 'Play').map((m) => m.content)).toEqual(['play']);
    expect(loadHistory('kid-2', 'Learn').map((m) => m.content)).toEqual(['other kid']);
    expect(loadHistory('kid-1', 'Bible')).toEqual([]);
  });

  it('treats unreadable history as empty and only logs it', () => {
    window.localStorage.setItem(historyKey('kid-1', 'Learn'), '{not json');
    expect(loadHistory('kid-1', 'Learn')).toEqual([]);
    window.localStorage.setItem(historyKey('kid-1', 'Play'), '[{"role":"robot","content":1}]');
    expect(loadHistory('kid-1', 'Play')).toEqual([]);
    expect(consoleError).toHaveBeenCalledTimes(2);
  });

  it('only logs a failed save', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    expect(() => saveHistory('kid-1', 'Learn', [user('hi')])).not.toThrow();
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('removes one mode, or all five modes of one user', () => {
    for (const mode of CHILD_MODES) saveHistory('kid-1', mode, [user(mode)]);
    saveHistory('kid-2', 'Learn', [user('keep me')]);
    removeHistory('kid-1', 'Learn');
    expect(window.localStorage.getItem(historyKey('kid-1', 'Learn'))).toBeNull();
    expect(window.localStorage.getItem(historyKey('kid-1', 'Play'))).not.toBeNull();
    removeAllHistories('kid-1');
    for (const mode of CHILD_MODES) {
      expect(window.localStorage.getItem(historyKey('kid-1', mode))).toBeNull();
    }
    expect(window.localStorage.getItem(historyKey('kid-2', 'Learn'))).not.toBeNull();
  });
});
