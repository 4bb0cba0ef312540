import fs from 'node:fs/promises';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import type {
  ChatHistoryItem as LlamaHistoryItem,
  Llama,
  LlamaChatSession,
  LlamaContext,
  LlamaModel,
} from 'node-llama-cpp';
import type { ChatMessage, ChatModel, ChatStreamOptions } from './chat-model';
import { AiUnavailableError } from './chat-model';
import { ChunkChannel } from './chunk-channel';
import { importEsm } from './esm-import';
import { downloadModel, isGguf, PINNED_MODELS, type ProgressOutput } from './model-downloader';

type LlamaModule = typeof import('node-llama-cpp');

export interface LocalChatModelOptions {
  /** AI_MODEL_PATH: use this file and never download. */
  modelPath: string | null;
  /** AI_MODEL_URL: the default model, downloaded once into `{dataDir}/models/`. */
  modelUrl: string;
  dataDir: string;
  /** Longest wait for a turn, for the first chunk, and between two chunks. */
  timeoutMs: number;
  /** Upper bound of the context window in tokens. */
  contextSize?: number;
  downloadAttempts?: number;
  downloadRetryDelayMs?: number;
  progressOutput?: ProgressOutput;
  /** After a failed download, how long stream() answers "unavailable" before trying again. */
  downloadRetryAfterMs?: number;
}

interface Engine {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  session: LlamaChatSession;
}

type FileState =
  | { status: 'unknown' }
  | { status: 'ready'; file: string }
  | { status: 'downloading'; file: string; progress: Promise<string> }
  | { status: 'failed'; error: string; at: number };

/**
 * The `local` adapter: a GGUF model run in-process by node-llama-cpp on the CPU (ARCHITECTURE §6).
 * node-llama-cpp is imported, the file downloaded if needed and the model loaded on first use.
 * One model and one context are shared; requests take turns, since two cores gain nothing from
 * evaluating two answers at once.
 */
export class LocalChatModel implements ChatModel {
  readonly name = 'local';
  private readonly logger = new Logger('LocalChatModel');
  private fileState: FileState = { status: 'unknown' };
  private engine: Promise<Engine> | null = null;
  private loadError: string | null = null;
  private loaded = false;
  private readonly turns = new TurnQueue();
  private readonly running = new Set<AbortController>();
  private downloaded: { received: number; total: number | null } | null = null;
  private closed = false;

  constructor(private readonly options: LocalChatModelOptions) {}

  /** Where the model file lives (or will, once downloaded). */
  get modelFile(): string {
    return (
      this.options.modelPath ??
      path.join(this.options.dataDir, 'models', fileNameOf(this.options.modelUrl))
    );
  }

  async *stream(messages: ChatMessage[], options: ChatStreamOptions = {}): AsyncGenerator<string> {
    const external = options.signal;
    if (external?.aborted) return;
    const engine = await this.ready();
    const release = await this.turns.acquire(this.options.timeoutMs, external);
    if (!release) {
      if (external?.aborted) return;
      throw new AiUnavailableError(`The local model was busy for ${this.options.timeoutMs} ms`);
    }
    if (this.closed) {
      release();
      throw new AiUnavailableError('The local model is shut down');
    }
    const generation = new AbortController();
    this.running.add(generation);
    const cancel = () => generation.abort();
    external?.addEventListener('abort', cancel, { once: true });
    let idleFired = false;
    let finished = false;
    let idle: NodeJS.Timeout | undefined;
    const restartIdle = () => {
      clearTimeout(idle);
      // Chunks can still arrive while an aborted generation winds down.
      if (finished) return;
      idle = setTimeout(() => {
        idleFired = true;
        generation.abort();
      }, this.options.timeoutMs);
    };
    const channel = new ChunkChannel<string>();
    let running: Promise<unknown> = Promise.resolve();
    try {
      const { history, prompt } = toLlamaChat(messages);
      engine.session.setChatHistory(history);
      restartIdle();
      running = engine.session
        .prompt(prompt, {
          maxTokens: options.maxTokens,
          temperature: options.temperature ?? 0.7,
          signal: generation.signal,
          stopOnAbortSignal: true,
          onTextChunk: (text) => {
            restartIdle();
            if (text) channel.push(text);
          },
        })
        .then(
          () => channel.end(),
          (error: unknown) => channel.end(error),
        );
      for await (const chunk of channel.read()) {
        if (external?.aborted) return;
        yield chunk;
      }
    } catch (error) {
      if (external?.aborted) return;
      if (!idleFired && !this.closed) throw error;
    } finally {
      finished = true;
      clearTimeout(idle);
      external?.removeEventListener('abort', cancel);
      // The consumer may stop reading early: stop generating before the next turn starts.
      generation.abort();
      await running.catch(() => undefined);
      this.running.delete(generation);
      release();
    }
    // An aborted generation ends like a finished one: a stall or a shutdown must not pass for
    // a complete answer.
    if (external?.aborted) return;
    if (idleFired)
      throw new Error(`The local model produced nothing for ${this.options.timeoutMs} ms`);
    if (this.closed) throw new Error('The server shut down during the answer');
  }

  async health() {
    if (this.loadError) return { ok: false, detail: this.loadError };
    if (this.engine) {
      return {
        ok: true,
        detail: `${this.loaded ? 'loaded' : 'loading'} ${path.basename(this.modelFile)}`,
      };
    }
    const state = this.fileState;
    if (state.status === 'downloading') {
      return {
        ok: false,
        detail: `downloading ${path.basename(state.file)}${describeProgress(this.downloaded)}`,
      };
    }
    if (state.status === 'failed') return { ok: false, detail: state.error };
    if (await exists(this.modelFile)) {
      return { ok: true, detail: `${path.basename(this.modelFile)} present, loads on first use` };
    }
    if (this.options.modelPath)
      return { ok: false, detail: `AI_MODEL_PATH ${this.modelFile} does not exist` };
    return { ok: false, detail: `model not downloaded yet (${fileNameOf(this.options.modelUrl)})` };
  }

  /**
   * Makes sure the model file is present, starting the one-time download when it is missing.
   * Resolves with the file once it is there; a download in progress is shared.
   */
  prepare(): Promise<string> {
    const state = this.fileState;
    if (state.status === 'ready') return Promise.resolve(state.file);
    if (state.status === 'downloading') return state.progress;
    const progress = this.locateOrDownload().then(
      (file) => {
        this.fileState = { status: 'ready', file };
        return file;
      },
      (error: Error) => {
        this.fileState = { status: 'failed', error: error.message, at: Date.now() };
        throw error;
      },
    );
    this.fileState = { status: 'downloading', file: this.modelFile, progress };
    return progress;
  }

  async close(): Promise<void> {
    this.closed = true;
    const engine = this.engine;
    this.engine = null;
    this.loaded = false;
    if (!engine) return;
    // Stop the answer being generated and let it hand back its turn before releasing memory.
    for (const generation of this.running) generation.abort();
    const turn = await this.turns.acquire(this.options.timeoutMs);
    try {
      const { llama, model, context, session } = await engine;
      session.dispose();
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    } catch {
      // A model that never loaded has nothing to release.
    } finally {
      turn?.();
    }
  }

  /** The loaded engine, or AiUnavailableError at once while the file is missing or downloading. */
  private async ready(): Promise<Engine> {
    if (this.closed) throw new AiUnavailableError('The local model is shut down');
    if (!this.engine) {
      const file = await this.availableFile();
      const loading = this.load(file);
      this.engine = loading;
      loading.then(
        () => (this.loadError = null),
        (error: Error) => {
          this.loadError = `could not load ${path.basename(file)}: ${error.message}`;
          this.logger.error({ msg: 'local model failed to load', error: error.message });
          if (this.engine === loading) this.engine = null;
        },
      );
    }
    const engine = this.engine;
    try {
      return await engine;
    } catch (error) {
      throw new AiUnavailableError(
        `The local model could not be loaded: ${(error as Error).message}`,
      );
    }
  }

  private async availableFile(): Promise<string> {
    const state = this.fileState;
    if (state.status === 'ready') return state.file;
    if (state.status === 'downloading') {
      throw new AiUnavailableError(`The local model is still downloading to ${state.file}`);
    }
    if (
      state.status === 'failed' &&
      Date.now() - state.at < (this.options.downloadRetryAfterMs ?? 60_000)
    ) {
      throw new AiUnavailableError(`The local model is not available: ${state.error}`);
    }
    if (!(await exists(this.modelFile))) {
      if (this.options.modelPath)
        throw new AiUnavailableError(`AI_MODEL_PATH ${this.modelFile} does not exist`);
      // A child should not wait for a 500 MB download: answer now and let it finish meanwhile.
      this.prepare().catch(() => undefined);
      throw new AiUnavailableError(`The local model is not downloaded yet (${this.modelFile})`);
    }
    return this.prepare().catch((error: Error) => {
      throw new AiUnavailableError(`The local model is not available: ${error.message}`);
    });
  }

  private async load(file: string): Promise<Engine> {
    const started = Date.now();
    const { getLlama, LlamaChatSession, LlamaLogLevel } =
      await importEsm<LlamaModule>('node-llama-cpp');
    const llama = await getLlama({
      gpu: false,
      // Never compile llama.cpp on a server: the prebuilt CPU binary or a clear error.
      build: 'never',
      progressLogs: false,
      logLevel: LlamaLogLevel.warn,
      logger: (level, message) => {
        const text = message.trim();
        if (text) this.logger.warn({ msg: 'llama.cpp', level, message: text });
      },
    });
    let session: LlamaChatSession;
    let model: LlamaModel | undefined;
    let context: LlamaContext | undefined;
    try {
      model = await llama.loadModel({ modelPath: file });
      context = await model.createContext({
        contextSize: { max: this.options.contextSize ?? 4096 },
        sequences: 1,
      });
      session = new LlamaChatSession({ contextSequence: context.getSequence() });
    } catch (error) {
      await context?.dispose();
      await model?.dispose();
      await llama.dispose();
      throw error;
    }
    this.loaded = true;
    this.logger.log({
      msg: 'local model loaded',
      file: path.basename(file),
      contextSize: context.contextSize,
      ms: Date.now() - started,
    });
    return { llama, model, context, session };
  }

  private async locateOrDownload(): Promise<string> {
    const file = this.modelFile;
    if (await exists(file)) {
      if (!(await isGguf(file))) throw new Error(`${file} is not a GGUF model file`);
      return file;
    }
    if (this.options.modelPath) throw new Error(`AI_MODEL_PATH ${file} does not exist`);
    const url = this.options.modelUrl;
    const pinned = PINNED_MODELS[url] ?? null;
    const size = pinned ? `${Math.round(pinned.size / 1e6)} MB, ${pinned.licence}` : 'size unknown';
    this.logger.log(
      `No local AI model yet: downloading ${pinned?.label ?? fileNameOf(url)} (${size}) once from ${url} to ${file}. ` +
        'Set OPENAI_API_KEY to use OpenAI instead, or AI_MODEL_PATH to use a GGUF file you already have.',
    );
    if (!pinned) {
      this.logger.warn(
        `${url} is not a model this server knows: only its size and GGUF header can be checked.`,
      );
    }
    const result = await downloadModel({
      url,
      destination: file,
      expectedSize: pinned?.size ?? null,
      expectedSha256: pinned?.sha256 ?? null,
      attempts: this.options.downloadAttempts,
      retryDelayMs: this.options.downloadRetryDelayMs,
      progressOutput: this.options.progressOutput,
      onProgress: (received, total) => (this.downloaded = { received, total }),
      onRetry: (attempt, error) =>
        this.logger.warn(
          `Model download attempt ${attempt} failed (${error.message}); starting again.`,
        ),
    }).catch((error: Error) => {
      this.logger.error(`Model download failed: ${error.message}`);
      throw new Error(`model download failed: ${error.message}`);
    });
    this.logger.log(`Model saved to ${file} (${result.size} bytes, SHA-256 ${result.sha256}).`);
    return file;
  }
}

/** The conversation before the last user message, and that message. */
export function toLlamaChat(messages: ChatMessage[]): {
  history: LlamaHistoryItem[];
  prompt: string;
} {
  const last = messages[messages.length - 1];
  if (!last || last.role !== 'user') throw new Error('The last message must be the user prompt');
  const history = messages.slice(0, -1).map((m): LlamaHistoryItem => {
    if (m.role === 'system') return { type: 'system', text: m.content };
    if (m.role === 'user') return { type: 'user', text: m.content };
    return { type: 'model', response: [m.content] };
  });
  return { history, prompt: last.content };
}

function describeProgress(progress: { received: number; total: number | null } | null): string {
  if (!progress) return '';
  const mb = (bytes: number) => Math.round(bytes / 1e6);
  if (!progress.total) return ` (${mb(progress.received)} MB so far)`;
  const percent = Math.floor((progress.received / progress.total) * 100);
  return ` (${percent}%, ${mb(progress.received)} of ${mb(progress.total)} MB)`;
}

function fileNameOf(url: string): string {
  const name = path.basename(new URL(url).pathname);
  return name.endsWith('.gguf') ? name : `${name || 'model'}.gguf`;
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** One generation at a time, first come first served; a waiter gives up on timeout or abort. */
class TurnQueue {
  private busy = false;
  private readonly waiting: Array<() => void> = [];

  acquire(timeoutMs: number, signal?: AbortSignal): Promise<(() => void) | null> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve) => {
      const grant = () => {
        cleanup();
        resolve(this.releaser());
      };
      const giveUp = () => {
        cleanup();
        const index = this.waiting.indexOf(grant);
        if (index !== -1) this.waiting.splice(index, 1);
        resolve(null);
      };
      const timer = setTimeout(giveUp, timeoutMs);
      signal?.addEventListener('abort', giveUp, { once: true });
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', giveUp);
      };
      this.waiting.push(grant);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.busy = false;
    };
  }
}
