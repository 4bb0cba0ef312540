import http from 'node:http';
import https from 'node:https';
import OpenAI from 'openai';
import type { ChatMessage, ChatModel, ChatStreamOptions } from './chat-model';
import { AiUnavailableError } from './chat-model';

/** One retry for a dropped connection or a 5xx; more would keep a child waiting for minutes. */
const MAX_RETRIES = 1;

export interface OpenAiChatModelOptions {
  apiKey: string;
  /** Any OpenAI-compatible server (Azure OpenAI, vLLM, Ollama, llama.cpp server); null = OpenAI. */
  baseURL: string | null;
  model: string;
  /** Longest wait for the response to start, and between two chunks once it streams. */
  timeoutMs: number;
  healthTimeoutMs?: number;
}

/**
 * The `openai` adapter (ARCHITECTURE §6). The official SDK sets up the client (base URL, key,
 * organization and project) and makes the errors; the streamed answer itself is read straight
 * from the HTTP response, one server-sent event at a time, because the SDK's fetch, web streams
 * and iterators cost more CPU per chunk than everything else on the chat path together
 * (docs/performance.md, fix 2).
 */
export class OpenAiChatModel implements ChatModel {
  readonly name = 'openai';
  private readonly client: OpenAI;
  private readonly completionsUrl: URL;
  private readonly agent: http.Agent;

  constructor(private readonly options: OpenAiChatModelOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL ?? undefined,
      timeout: options.timeoutMs,
      maxRetries: MAX_RETRIES,
    });
    this.completionsUrl = new URL(this.client.buildURL('/chat/completions', undefined));
    this.agent =
      this.completionsUrl.protocol === 'https:'
        ? new https.Agent({ keepAlive: true })
        : new http.Agent({ keepAlive: true });
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
    let complete = false;
    try {
      idle.start();
      const body = JSON.stringify({
        model: this.options.model,
        messages,
        stream: true,
        max_tokens: options.maxTokens,
        temperature: options.temperature,
      });
      const response = await this.open(body, request.signal);
      response.setEncoding('utf8');
      const events = new EventReader();
      let done = false;
      for await (const piece of response as AsyncIterable<string>) {
        idle.start();
        for (const data of events.read(piece)) {
          // Like the SDK: what follows [DONE] is read to the end (the connection is reused).
          if (done || data.startsWith('[DONE]')) {
            done = true;
            continue;
          }
          const chunk = JSON.parse(data) as StreamChunk;
          if (chunk.error) {
            throw new OpenAI.APIError(undefined, chunk.error, undefined, headersOf(response));
          }
          const text = chunk.choices?.[0]?.delta?.content;
          if (text) {
            answered = true;
            yield text;
          }
        }
      }
      complete = true;
    } catch (error) {
      if (external?.aborted) return;
      if (!idle.fired) throw translate(error);
    } finally {
      idle.stop();
      external?.removeEventListener('abort', cancel);
      // Leaving the loop early (the consumer stopped reading) must cancel the upstream request.
      if (!complete) request.abort();
    }
    // An aborted response ends quietly; a stall must not pass for a complete answer.
    if (idle.fired && !external?.aborted) {
      const message = `The AI server sent nothing for ${this.options.timeoutMs} ms`;
      throw answered ? new Error(message) : new AiUnavailableError(message);
    }
  }

  /** Closes the idle kept-alive connections to the AI server. */
  async close(): Promise<void> {
    this.agent.destroy();
  }

  /** Starts the request; retries once as the SDK would, and fails with the SDK's errors. */
  private async open(body: string, signal: AbortSignal): Promise<http.IncomingMessage> {
    for (let attempt = 0; ; attempt++) {
      const retry = attempt < MAX_RETRIES;
      let response: http.IncomingMessage;
      try {
        response = await this.post(body, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        if (!retry) throw new OpenAI.APIConnectionError({ cause: error as Error });
        await sleep(retryDelayMs(undefined), signal);
        continue;
      }
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) return response;
      const text = await readText(response);
      const headers = headersOf(response);
      if (retry && shouldRetry(status, headers)) {
        await sleep(retryDelayMs(headers), signal);
        continue;
      }
      const json = parseJson(text);
      throw OpenAI.APIError.generate(status, json, json ? undefined : text, headers);
    }
  }

  private post(body: string, signal: AbortSignal): Promise<http.IncomingMessage> {
    const url = this.completionsUrl;
    const headers: http.OutgoingHttpHeaders = {
      Accept: 'text/event-stream',
      Authorization: `Bearer ${this.options.apiKey}`,
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
    };
    if (this.client.organization) headers['OpenAI-Organization'] = this.client.organization;
    if (this.client.project) headers['OpenAI-Project'] = this.client.project;
    const send = url.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = send(url, { method: 'POST', headers, agent: this.agent, signal }, resolve);
      req.on('error', reject);
      req.end(body);
    });
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

interface StreamChunk {
  choices?: { delta?: { content?: string | null } }[];
  error?: object;
}

/** The data of each server-sent event, from text as it arrives (comments, event names ignored). */
class EventReader {
  private rest = '';
  private data: string[] = [];

  *read(text: string): Generator<string> {
    const lines = (this.rest + text).split('\n');
    this.rest = lines.pop()!;
    for (let line of lines) {
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '') {
        if (this.data.length) yield this.data.join('\n');
        this.data = [];
      } else if (line.startsWith('data:')) {
        this.data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
    }
  }
}

/** The SDK's rule: the server's x-should-retry, else timeouts, conflicts, rate limits, 5xx. */
function shouldRetry(status: number, headers: Headers): boolean {
  const told = headers.get('x-should-retry');
  if (told === 'true' || told === 'false') return told === 'true';
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** retry-after(-ms) when the server asks for under a minute, else the SDK's first backoff. */
function retryDelayMs(headers: Headers | undefined): number {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  const seconds = Number.parseFloat(headers?.get('retry-after') ?? '');
  const asked = Number.isFinite(ms) ? ms : Number.isFinite(seconds) ? seconds * 1000 : NaN;
  if (asked >= 0 && asked <= 60_000) return asked;
  return 500 * (1 - Math.random() * 0.25);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      if (signal.aborted) reject(new Error('Request was aborted.'));
      else resolve();
    }
  });
}

async function readText(response: http.IncomingMessage): Promise<string> {
  response.setEncoding('utf8');
  let text = '';
  for await (const piece of response as AsyncIterable<string>) text += piece;
  return text;
}

function parseJson(text: string): object | undefined {
  try {
    return JSON.parse(text) as object;
  } catch {
    return undefined;
  }
}

function headersOf(response: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
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
