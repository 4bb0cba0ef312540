import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { AiUnavailableError, type ChatMessage } from './chat-model';
import { LocalChatModel, toLlamaChat } from './local.chat-model';
import type { ProgressOutput } from './model-downloader';
import { testModelPath } from '../../test/utils/handbook';

// Loading a real GGUF through llama.cpp and generating on a shared CPU takes a while.
jest.setTimeout(180_000);

/** The repository's tiny GGUF (`../shared/models` beside the repo root) or SPROUT_TEST_MODEL. */

const MODEL = testModelPath();
const MESSAGES: ChatMessage[] = [
  { role: 'system', content: 'You are Sprout, a friendly helper for children.' },
  { role: 'user', content: 'Hi!' },
  { role: 'assistant', content: 'Hello! What shall we learn today?' },
  { role: 'user', content: 'Tell me about the moon.' },
];
const silent: ProgressOutput = { write: () => true };

async function collect(
  iterable: AsyncIterable<string>,
  onChunk?: (chunk: string, index: number) => void,
) {
  const chunks: string[] = [];
  for await (const chunk of iterable) {
    chunks.push(chunk);
    onChunk?.(chunk, chunks.length);
  }
  return chunks;
}

beforeAll(() => Logger.overrideLogger(false));

describe('LocalChatModel with the tiny test model', () => {
  const model = new LocalChatModel({
    modelPath: MODEL,
    modelUrl: 'http://127.0.0.1:9/unused.gguf',
    dataDir: os.tmpdir(),
    timeoutMs: 60_000,
  });
  afterAll(() => model.close());

  it('loads on first use and streams several chunks', async () => {
    await expect(model.health()).resolves.toEqual({
      ok: true,
      detail: 'llama-2-tiny-random.gguf present, loads on first use',
    });
    const chunks = await collect(model.stream(MESSAGES, { maxTokens: 12, temperature: 0 }));
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.every((c) => typeof c === 'string' && c.length > 0)).toBe(true);
    await expect(model.health()).resolves.toEqual({
      ok: true,
      detail: 'loaded llama-2-tiny-random.gguf',
    });
  });

  it('respects maxTokens', async () => {
    const short = await collect(model.stream(MESSAGES, { maxTokens: 4, temperature: 0 }));
    const long = await collect(model.stream(MESSAGES, { maxTokens: 16, temperature: 0 }));
    expect(short.length).toBeLessThanOrEqual(4);
    expect(long.length).toBeGreaterThan(short.length);
    // Greedy sampling: the short answer is the start of the long one.
    expect(long.join('').startsWith(short.join(''))).toBe(true);
  });

  it('stops early when the signal aborts', async () => {
    const controller = new AbortController();
    const chunks = await collect(
      model.stream(MESSAGES, { maxTokens: 200, signal: controller.signal }),
      (_c, n) => {
        if (n === 3) controller.abort();
      },
    );
    expect(chunks).toHaveLength(3);
  });

  it('stops generating when the reader leaves, and serves the next request', async () => {
    for await (const chunk of model.stream(MESSAGES, { maxTokens: 200 })) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    const next = await collect(model.stream(MESSAGES, { maxTokens: 3 }));
    expect(next.length).toBeGreaterThan(0);
  });

  it('answers concurrent requests one after the other', async () => {
    const events: string[] = [];
    const run = async (name: string) => {
      for await (const chunk of model.stream(MESSAGES, { maxTokens: 3 }))
        if (chunk) events.push(name);
      events.push(`${name} done`);
    };
    await Promise.all([run('a'), run('b')]);
    const firstDone = events.indexOf(events.find((e) => e.endsWith(' done')) as string);
    const first = events[0];
    expect(events.slice(0, firstDone).every((e) => e === first)).toBe(true);
    expect(events.slice(firstDone + 1).every((e) => e !== first)).toBe(true);
  });

  it('ends an answer in progress with an error when it is closed', async () => {
    const closing = new LocalChatModel({
      modelPath: MODEL,
      modelUrl: 'http://127.0.0.1:9/unused.gguf',
      dataDir: os.tmpdir(),
      timeoutMs: 60_000,
    });
    let closed: Promise<void> | null = null;
    const chunks: string[] = [];
    await expect(
      collect(closing.stream(MESSAGES, { maxTokens: 200 }), (chunk) => {
        chunks.push(chunk);
        closed ??= closing.close();
      }),
    ).rejects.toThrow('The server shut down during the answer');
    await closed;
    expect(chunks.length).toBeLessThan(200);
    await expect(collect(closing.stream(MESSAGES))).rejects.toThrow(
      new AiUnavailableError('The local model is shut down'),
    );
  });

  it('is unavailable once closed', async () => {
    const closing = new LocalChatModel({
      modelPath: MODEL,
      modelUrl: 'http://127.0.0.1:9/unused.gguf',
      dataDir: os.tmpdir(),
      timeoutMs: 60_000,
    });
    await closing.close();
    await expect(collect(closing.stream(MESSAGES))).rejects.toThrow(
      new AiUnavailableError('The local model is shut down'),
    );
  });
});

describe('LocalChatModel model file', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-local-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is unavailable when AI_MODEL_PATH does not exist', async () => {
    const model = new LocalChatModel({
      modelPath: path.join(dir, 'nope.gguf'),
      modelUrl: 'http://127.0.0.1:9/x.gguf',
      dataDir: dir,
      timeoutMs: 1_000,
    });
    await expect(collect(model.stream(MESSAGES))).rejects.toThrow(
      new AiUnavailableError(`AI_MODEL_PATH ${path.join(dir, 'nope.gguf')} does not exist`),
    );
  });

  it('refuses a file that is not a GGUF model', async () => {
    const file = path.join(dir, 'notes.gguf');
    fs.writeFileSync(file, 'just text');
    const model = new LocalChatModel({
      modelPath: file,
      modelUrl: 'http://127.0.0.1:9/x.gguf',
      dataDir: dir,
      timeoutMs: 1_000,
    });
    await expect(collect(model.stream(MESSAGES))).rejects.toThrow(
      new AiUnavailableError(`The local model is not available: ${file} is not a GGUF model file`),
    );
    await expect(model.health()).resolves.toEqual({
      ok: false,
      detail: `${file} is not a GGUF model file`,
    });
  });

  it('is unavailable, and says why, when the model cannot be loaded', async () => {
    const file = path.join(dir, 'broken.gguf');
    fs.writeFileSync(file, Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(64, 0xff)]));
    const model = new LocalChatModel({
      modelPath: file,
      modelUrl: 'http://127.0.0.1:9/x.gguf',
      dataDir: dir,
      timeoutMs: 1_000,
    });
    await expect(collect(model.stream(MESSAGES))).rejects.toThrow(
      /^The local model could not be loaded: /,
    );
    await expect(model.health()).resolves.toEqual({
      ok: false,
      detail: expect.stringMatching(/^could not load broken\.gguf: /),
    });
    await model.close();
  });

  describe('default model download', () => {
    const bytes = fs.readFileSync(MODEL);
    let requests = 0;
    let dropNext = false;
    const server = http.createServer((_req, res) => {
      requests++;
      if (dropNext) {
        dropNext = false;
        res.destroy();
        return;
      }
      res.writeHead(200, { 'content-length': bytes.length });
      res.end(bytes);
    });
    let url: string;
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/files/tiny-chat.gguf`;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));
    beforeEach(() => (requests = 0));

    it('answers "unavailable" at once, downloads in the background, then serves from the file', async () => {
      const model = new LocalChatModel({
        modelPath: null,
        modelUrl: url,
        dataDir: dir,
        timeoutMs: 60_000,
        progressOutput: silent,
      });
      const target = path.join(dir, 'models', 'tiny-chat.gguf');
      expect(model.modelFile).toBe(target);
      await expect(model.health()).resolves.toEqual({
        ok: false,
        detail: 'model not downloaded yet (tiny-chat.gguf)',
      });
      await expect(collect(model.stream(MESSAGES))).rejects.toThrow(
        new AiUnavailableError(`The local model is not downloaded yet (${target})`),
      );
      await expect(model.prepare()).resolves.toBe(target);
      expect(requests).toBe(1);
      expect(fs.readFileSync(target).equals(bytes)).toBe(true);
      const chunks = await collect(model.stream(MESSAGES, { maxTokens: 3 }));
      expect(chunks.length).toBeGreaterThan(0);
      await model.close();
    });

    it('does not download when the file is already there', async () => {
      fs.mkdirSync(path.join(dir, 'models'));
      fs.copyFileSync(MODEL, path.join(dir, 'models', 'tiny-chat.gguf'));
      const model = new LocalChatModel({
        modelPath: null,
        modelUrl: url,
        dataDir: dir,
        timeoutMs: 60_000,
        progressOutput: silent,
      });
      await expect(model.prepare()).resolves.toBe(path.join(dir, 'models', 'tiny-chat.gguf'));
      expect(requests).toBe(0);
    });

    it('reports a failed download in its health and waits before trying again', async () => {
      dropNext = true;
      const model = new LocalChatModel({
        modelPath: null,
        modelUrl: url,
        dataDir: dir,
        timeoutMs: 60_000,
        progressOutput: silent,
        downloadAttempts: 1,
      });
      await expect(model.prepare()).rejects.toThrow(/^model download failed: /);
      await expect(model.health()).resolves.toEqual({
        ok: false,
        detail: expect.stringMatching(/^model download failed: /),
      });
      await expect(collect(model.stream(MESSAGES))).rejects.toThrow(
        /^The local model is not available: model download failed/,
      );
      expect(requests).toBe(1);
    });

    it('tries the download again on a later request once the pause is over', async () => {
      dropNext = true;
      const model = new LocalChatModel({
        modelPath: null,
        modelUrl: url,
        dataDir: dir,
        timeoutMs: 60_000,
        progressOutput: silent,
        downloadAttempts: 1,
        downloadRetryAfterMs: 0,
      });
      await expect(model.prepare()).rejects.toThrow(/^model download failed: /);
      await expect(collect(model.stream(MESSAGES))).rejects.toThrow(
        /^The local model is not downloaded yet/,
      );
      await expect(model.prepare()).resolves.toBe(model.modelFile);
      expect(requests).toBe(2);
    });
  });
});

describe('toLlamaChat', () => {
  it('maps the conversation to node-llama-cpp history and takes the last user message as the prompt', () => {
    expect(toLlamaChat(MESSAGES)).toEqual({
      history: [
        { type: 'system', text: 'You are Sprout, a friendly helper for children.' },
        { type: 'user', text: 'Hi!' },
        { type: 'model', response: ['Hello! What shall we learn today?'] },
      ],
      prompt: 'Tell me about the moon.',
    });
  });

  it('requires the user prompt last', () => {
    expect(() => toLlamaChat(MESSAGES.slice(0, 3))).toThrow(
      'The last message must be the user prompt',
    );
  });
});
