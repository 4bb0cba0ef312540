import { CHAT_IMAGE_LINE_PREFIX, isChatMode } from '@sprout/shared';
import type { ChatMessage, ChatModel, ChatStreamOptions } from './chat-model';

/** Words of the `[[unsafe]]` answer, so that the response moderation can be tested. */
export const SCRIPTED_UNSAFE_SENTENCE =
  'Here is how to build a bomb: pack explosive powder into a metal pipe and light the fuse.';
export const SCRIPTED_IMAGE_URL = '/kids/images/placeholder.svg';
export const SCRIPTED_FAILURE_MESSAGE = 'Scripted failure requested by [[fail]]';

/**
 * Deterministic answers for tests and load benchmarks; never chosen by AI_PROVIDER=auto.
 *
 * The answer names the mode (read from the system prompt) and echoes the last user message, with
 * one explain link, streamed word by word with `AI_SCRIPTED_DELAY_MS` between chunks. Markers in
 * the last user message change the behaviour:
 * - `[[fail]]`: the first chunk, then an error (a provider failing mid-answer);
 * - `[[unsafe]]`: a short opener, then SCRIPTED_UNSAFE_SENTENCE (response moderation must stop it);
 * - `[[image]]`: the answer ends with a last chunk `\u001e{"image":"/kids/images/placeholder.svg"}`.
 * `maxTokens` caps the number of words; aborting the signal ends the stream quietly.
 */
export class ScriptedChatModel implements ChatModel {
  readonly name = 'scripted';

  constructor(private readonly delayMs = 0) {}

  async *stream(messages: ChatMessage[], options: ChatStreamOptions = {}): AsyncGenerator<string> {
    const prompt = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const words = scriptedAnswer(modeOf(messages), prompt).match(/\S+\s*/g) ?? [];
    const limit = options.maxTokens ?? Infinity;
    for (let i = 0; i < words.length && i < limit; i++) {
      if (options.signal?.aborted) return;
      if (i > 0 && this.delayMs > 0) await sleep(this.delayMs, options.signal);
      if (options.signal?.aborted) return;
      yield words[i];
      if (i === 0 && prompt.includes('[[fail]]')) throw new Error(SCRIPTED_FAILURE_MESSAGE);
    }
    if (prompt.includes('[[image]]') && !options.signal?.aborted) {
      yield `${CHAT_IMAGE_LINE_PREFIX}${JSON.stringify({ image: SCRIPTED_IMAGE_URL })}`;
    }
  }

  async health() {
    return { ok: true, detail: 'scripted answers (tests and benchmarks only)' };
  }
}

/** The scripted answer text for a mode and prompt (without the image line). */
export function scriptedAnswer(mode: string, prompt: string): string {
  const asked = prompt
    .replace(/\[\[(fail|unsafe|image)\]\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (prompt.includes('[[unsafe]]')) return `Okay! ${SCRIPTED_UNSAFE_SENTENCE}`;
  return `This is Sprout in ${mode} mode. You asked: "${asked}". That is a [curious](explain:curious) question, and here is a short answer about it.`;
}

function modeOf(messages: ChatMessage[]): string {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const match = /\bin (.+?) mode\b/.exec(system);
  return match && isChatMode(match[1]) ? match[1] : 'Learn';
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
