/** One message of a chat completion request, in the order the model reads them. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatStreamOptions {
  /** Aborting ends the stream early, without an error, and cancels the upstream work. */
  signal?: AbortSignal;
  maxTokens?: number;
  temperature?: number;
}

/**
 * The port every AI provider implements (ARCHITECTURE §6). `stream` yields the answer's text in
 * the order it is produced; an error before the first chunk means no answer was started.
 */
export interface ChatModel {
  readonly name: string;
  stream(messages: ChatMessage[], options?: ChatStreamOptions): AsyncIterable<string>;
  health(): Promise<{ ok: boolean; detail: string }>;
  close?(): Promise<void>;
}

/** No provider can answer right now (the chat route turns it into a 503 a child can read). */
export class AiUnavailableError extends Error {
  constructor(message = 'No AI provider is available') {
    super(message);
    this.name = 'AiUnavailableError';
  }
}
