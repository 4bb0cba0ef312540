import { Logger } from '@nestjs/common';
import { AppConfig, ConfigError } from '../config/app-config';
import { AiService, createChatModel } from './ai.service';
import { AiUnavailableError } from './chat-model';
import { LocalChatModel } from './local.chat-model';
import { OpenAiChatModel } from './openai.chat-model';
import { ScriptedChatModel } from './scripted.chat-model';

const config = (env: Record<string, string>) =>
  new AppConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/sprout-ai-spec', ...env });

describe('createChatModel', () => {
  it('auto picks openai when a key is set', () => {
    expect(createChatModel(config({ OPENAI_API_KEY: 'sk-test' }))).toBeInstanceOf(OpenAiChatModel);
  });

  it('auto picks the local model without a key', () => {
    const model = createChatModel(config({}));
    expect(model).toBeInstanceOf(LocalChatModel);
    expect((model as LocalChatModel).modelFile).toBe(
      '/tmp/sprout-ai-spec/models/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    );
  });

  it('uses AI_MODEL_PATH for the local model', () => {
    const model = createChatModel(
      config({ AI_PROVIDER: 'local', AI_MODEL_PATH: '/models/mine.gguf' }),
    );
    expect((model as LocalChatModel).modelFile).toBe('/models/mine.gguf');
  });

  it('never picks scripted by itself, only when asked', () => {
    expect(
      createChatModel(config({ AI_PROVIDER: 'scripted', OPENAI_API_KEY: 'sk-test' })),
    ).toBeInstanceOf(ScriptedChatModel);
  });

  it('rejects a malformed AI_SCRIPTED_DELAY_MS', () => {
    expect(() =>
      createChatModel(config({ AI_PROVIDER: 'scripted' }), { AI_SCRIPTED_DELAY_MS: 'soon' }),
    ).toThrow(
      new ConfigError(
        'AI_SCRIPTED_DELAY_MS',
        'must be a whole number from 0 to 60000 (got "soon")',
      ),
    );
  });
});

describe('AiService', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('streams from the selected provider with AI_MAX_TOKENS as the default limit', async () => {
    const ai = new AiService(config({ AI_PROVIDER: 'scripted', AI_MAX_TOKENS: '16' }));
    const chunks: string[] = [];
    for await (const chunk of ai.stream(
      ai.buildMessages({
        mode: 'Learn',
        age: 8,
        filter: 'moderate',
        history: [],
        prompt: 'a b c d e f g h',
      }),
    )) {
      chunks.push(chunk);
    }
    expect(chunks).toHaveLength(16);
    expect(chunks.join('')).toMatch(
      /^This is Sprout in Learn mode\. You asked: "a b c d e f g h"\./,
    );
  });

  it('reports the provider in its health', async () => {
    const ai = new AiService(config({ AI_PROVIDER: 'scripted' }));
    await expect(ai.health()).resolves.toEqual({
      ok: true,
      provider: 'scripted',
      detail: 'scripted answers (tests and benchmarks only)',
    });
  });

  it('says why the local provider is not ready', async () => {
    const ai = new AiService(
      config({ AI_PROVIDER: 'local', AI_MODEL_PATH: '/nonexistent/model.gguf' }),
    );
    await expect(ai.health()).resolves.toEqual({
      ok: false,
      provider: 'local',
      detail: 'AI_MODEL_PATH /nonexistent/model.gguf does not exist',
    });
  });

  it('throws AiUnavailableError before the first chunk when the provider cannot answer', async () => {
    const ai = new AiService(
      config({ AI_PROVIDER: 'local', AI_MODEL_PATH: '/nonexistent/model.gguf' }),
    );
    const messages = ai.buildMessages({
      mode: 'Learn',
      age: null,
      filter: 'moderate',
      history: [],
      prompt: 'Hi',
    });
    await expect(ai.stream(messages)[Symbol.asyncIterator]().next()).rejects.toThrow(
      new AiUnavailableError('AI_MODEL_PATH /nonexistent/model.gguf does not exist'),
    );
  });

  it('asks the provider for its health at most once in ten seconds', async () => {
    const ai = new AiService(config({ AI_PROVIDER: 'scripted' }));
    const health = jest.spyOn(ai.model, 'health');
    await ai.health();
    await ai.health();
    expect(health).toHaveBeenCalledTimes(1);
  });

  it('closes the model on shutdown', async () => {
    const ai = new AiService(
      config({ AI_PROVIDER: 'local', AI_MODEL_PATH: '/nonexistent/model.gguf' }),
    );
    const close = jest.spyOn(ai.model as LocalChatModel, 'close');
    await ai.onModuleDestroy();
    expect(close).toHaveBeenCalledTimes(1);
  });
});
