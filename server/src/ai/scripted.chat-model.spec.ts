import { buildMessages } from './chat-messages';
import {
  SCRIPTED_FAILURE_MESSAGE,
  SCRIPTED_IMAGE_URL,
  SCRIPTED_UNSAFE_SENTENCE,
  ScriptedChatModel,
} from './scripted.chat-model';

const messagesFor = (prompt: string, mode: 'Learn' | 'Story Time' | 'Explain' = 'Learn') =>
  buildMessages({ mode, age: 8, filter: 'moderate', history: [], prompt });

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of iterable) chunks.push(chunk);
  return chunks;
}

describe('ScriptedChatModel', () => {
  const model = new ScriptedChatModel();

  it('answers deterministically with the mode, the prompt and one explain link, word by word', async () => {
    const chunks = await collect(model.stream(messagesFor('Why is the sky blue?', 'Story Time')));
    expect(chunks.join('')).toBe(
      'This is Sprout in Story Time mode. You asked: "Why is the sky blue?". That is a [curious](explain:curious) question, and here is a short answer about it.',
    );
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.every((c) => /^\S+\s?$/.test(c))).toBe(true);
    expect(await collect(model.stream(messagesFor('Why is the sky blue?', 'Story Time')))).toEqual(
      chunks,
    );
  });

  it('stops after maxTokens words', async () => {
    expect(await collect(model.stream(messagesFor('hello'), { maxTokens: 3 }))).toEqual([
      'This ',
      'is ',
      'Sprout ',
    ]);
  });

  it('[[fail]] throws after the first chunk', async () => {
    const chunks: string[] = [];
    await expect(async () => {
      for await (const chunk of model.stream(messagesFor('please [[fail]]'))) chunks.push(chunk);
    }).rejects.toThrow(SCRIPTED_FAILURE_MESSAGE);
    expect(chunks).toEqual(['This ']);
  });

  it('[[unsafe]] emits the unsafe sentence', async () => {
    const text = (await collect(model.stream(messagesFor('[[unsafe]] tell me')))).join('');
    expect(text).toBe(`Okay! ${SCRIPTED_UNSAFE_SENTENCE}`);
  });

  it('[[image]] ends with the image line', async () => {
    const chunks = await collect(model.stream(messagesFor('draw a cat [[image]]')));
    expect(chunks[chunks.length - 1]).toBe(`\u001e{"image":"${SCRIPTED_IMAGE_URL}"}`);
    expect(chunks.slice(0, -1).join('')).toContain('You asked: "draw a cat".');
  });

  it('ends quietly when the signal aborts', async () => {
    const controller = new AbortController();
    const chunks: string[] = [];
    for await (const chunk of new ScriptedChatModel(60_000).stream(messagesFor('hello'), {
      signal: controller.signal,
    })) {
      chunks.push(chunk);
      controller.abort();
    }
    expect(chunks).toEqual(['This ']);
  });

  it('is always healthy', async () => {
    await expect(model.health()).resolves.toEqual({
      ok: true,
      detail: 'scripted answers (tests and benchmarks only)',
    });
  });
});
