import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { AppConfig, ConfigError } from '../config/app-config';
import { buildMessages, type BuildMessagesInput } from './chat-messages';
import type { ChatMessage, ChatModel, ChatStreamOptions } from './chat-model';
import { LocalChatModel } from './local.chat-model';
import { OpenAiChatModel } from './openai.chat-model';
import { ScriptedChatModel } from './scripted.chat-model';

/** A health answer is reused this long, so that frequent probes do not each call the AI server. */
const HEALTH_CACHE_MS = 10_000;

/**
 * The AI behind the chat (ARCHITECTURE §6): builds the messages for a request and streams the
 * answer from the provider chosen by AI_PROVIDER (auto: openai with a key, otherwise local).
 */
@Injectable()
export class AiService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AiService.name);
  readonly model: ChatModel;
  private healthCache: {
    at: number;
    value: Promise<{ ok: boolean; provider: string; detail: string }>;
  } | null = null;

  constructor(private readonly config: AppConfig) {
    this.model = createChatModel(config);
  }

  get provider(): string {
    return this.model.name;
  }

  /** Streams the answer; an AiUnavailableError comes before the first chunk when no AI can answer. */
  stream(messages: ChatMessage[], options: ChatStreamOptions = {}): AsyncIterable<string> {
    return this.run(messages, {
      ...options,
      maxTokens: options.maxTokens ?? this.config.aiMaxTokens,
    });
  }

  buildMessages(input: BuildMessagesInput): ChatMessage[] {
    return buildMessages(input);
  }

  health(): Promise<{ ok: boolean; provider: string; detail: string }> {
    const now = Date.now();
    if (!this.healthCache || now - this.healthCache.at > HEALTH_CACHE_MS) {
      const value = this.model.health().then(
        (h) => ({ ok: h.ok, provider: this.model.name, detail: h.detail }),
        (error: Error) => ({ ok: false, provider: this.model.name, detail: error.message }),
      );
      this.healthCache = { at: now, value };
    }
    return this.healthCache.value;
  }

  onApplicationBootstrap() {
    this.logger.log({
      msg: 'AI provider selected',
      provider: this.model.name,
      setting: this.config.aiProvider,
    });
    // Fetch the default local model at start-up rather than when the first child asks.
    if (this.model instanceof LocalChatModel && this.config.nodeEnv !== 'test') {
      this.model.prepare().catch(() => undefined);
    }
  }

  async onModuleDestroy() {
    await this.model.close?.();
  }

  private async *run(messages: ChatMessage[], options: ChatStreamOptions): AsyncGenerator<string> {
    const started = Date.now();
    let chunks = 0;
    let chars = 0;
    let outcome = 'stopped by the reader';
    try {
      for await (const chunk of this.model.stream(messages, options)) {
        chunks++;
        chars += chunk.length;
        yield chunk;
      }
      outcome = options.signal?.aborted ? 'aborted' : 'done';
    } catch (error) {
      outcome = `failed: ${(error as Error).message}`;
      throw error;
    } finally {
      this.logger.debug({
        msg: 'ai stream',
        provider: this.model.name,
        outcome,
        chunks,
        chars,
        ms: Date.now() - started,
      });
    }
  }
}

/** The adapter for AI_PROVIDER (auto: openai when OPENAI_API_KEY is set, otherwise local). */
export function createChatModel(
  config: AppConfig,
  env: Record<string, string | undefined> = process.env,
): ChatModel {
  const provider =
    config.aiProvider === 'auto' ? (config.openaiApiKey ? 'openai' : 'local') : config.aiProvider;
  switch (provider) {
    case 'scripted':
      return new ScriptedChatModel(scriptedDelay(env.AI_SCRIPTED_DELAY_MS));
    case 'openai':
      if (!config.openaiApiKey)
        throw new ConfigError('OPENAI_API_KEY', 'is required when AI_PROVIDER=openai');
      return new OpenAiChatModel({
        apiKey: config.openaiApiKey,
        baseURL: config.openaiBaseUrl,
        model: config.openaiModel,
        timeoutMs: config.aiTimeoutMs,
      });
    case 'local':
      return new LocalChatModel({
        modelPath: config.aiModelPath,
        modelUrl: config.aiModelUrl,
        dataDir: config.dataDir,
        timeoutMs: config.aiTimeoutMs,
      });
  }
}

function scriptedDelay(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 0;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 60_000) {
    throw new ConfigError(
      'AI_SCRIPTED_DELAY_MS',
      `must be a whole number from 0 to 60000 (got "${raw}")`,
    );
  }
  return value;
}
