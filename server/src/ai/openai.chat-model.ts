import OpenAI from 'openai';
import type { ChatMessage, ChatModel, ChatStreamOptions } from './chat-model';
import { AiUnavailableError } from './chat-model';

export interface OpenAiChatModelOptions {
  apiKey: string;
  /** Any OpenAI-compatible server (Azure OpenAI, vLLM, Ollama, llama.cpp server); null = OpenAI. */
  baseURL: string | null;
  model: string;
  /** Longest wait for the response to start, and between two chunks once it streams. */
  timeoutMs: number;
  healthTimeoutMs?: number;
}

/** The `openai` adapter: streaming chat completions through the official SDK (ARCHITECTURE §6). */
export class OpenAiChatModel implements ChatModel {
  readonly name = 'openai';
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiChatModelOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL ?? undefined,
      timeout: options.timeoutMs,
      // One retry for a dropped connection or a 5xx; more would keep a child waiting for minutes.
      maxRetries: 1,
    });
  }

  get baseURL(): string {
    return this.client.baseURL;
  }

  async *stream(messages: ChatMessage[], options: ChatStreamOptions = {}): AsyncGenerator<string> {
    const external = options.signal;
    if (external?.aborted) return;
    const request = new AbortController();
    const cancel = () => request.abort();
    external?.addEventListener('abort', cancel, { once: true });
    const idle = new IdleTimer(this.options.timeoutMs, () => request.abort());
    let answered = false;
    try {
      idle.start();
      const stream = await this.client.chat.completions.create(
        {
          model: this.options.model,
          messages,
          stream: true,
          max_tokens: options.maxTokens,
          temperature: options.temperature,
        },
        { signal: request.signal },
      );
      for await (const chunk of stream) {
        idle.start();
        const text = chunk.choices[0]?.delta?.content;
        if (text) {
          answered = true;
          yield text;
        }
      }
    } catch (error) {
      if (external?.aborted) return;
      if (!idle.fired) throw translate(error);
    } finally {
      idle.stop();
      external?.removeEventListener('abort', cancel);
      // Leaving the loop early (the consumer stopped reading) must cancel the upstream request.
      request.abort();
    }
    // The SDK ends an aborted stream quietly; a stall must not pass for a complete answer.
    if (idle.fired && !external?.aborted) {
      const message = `The AI server sent nothing for ${this.options.timeoutMs} ms`;
      throw answered ? new Error(message) : new AiUnavailableError(message);
    }
  }

  async health() {
    const where = `${this.options.model} at ${this.client.baseURL}`;
    try {
      const models = await this.client.models.list({
        timeout: this.options.healthTimeoutMs ?? 5_000,
        maxRetries: 0,
      });
      const listed = models.data.some((m) => m.id === this.options.model);
      return {
        ok: true,
        detail: listed ? where : `${where} (the server does not list this model)`,
      };
    } catch (error) {
      return { ok: false, detail: `${where} is not reachable: ${describe(error)}` };
    }
  }
}

/** Errors meaning the AI cannot answer at all become AiUnavailableError; others pass through. */
function translate(error: unknown): unknown {
  if (
    error instanceof OpenAI.APIConnectionError ||
    error instanceof OpenAI.AuthenticationError ||
    error instanceof OpenAI.PermissionDeniedError ||
    error instanceof OpenAI.NotFoundError ||
    error instanceof OpenAI.RateLimitError ||
    error instanceof OpenAI.InternalServerError
  ) {
    return new AiUnavailableError(`The AI server cannot answer: ${describe(error)}`);
  }
  return error;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

class IdleTimer {
  fired = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ms: number,
    private readonly onIdle: () => void,
  ) {}

  start() {
    this.stop();
    this.timer = setTimeout(() => {
      this.fired = true;
      this.onIdle();
    }, this.ms);
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
