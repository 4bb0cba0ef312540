/** One timed HTTP exchange through the shared API client, whatever its outcome. */
import {
  ApiError,
  NotSignedInError,
  readChatStream,
  type ApiClient,
  type RequestOptions,
} from '@sprout/shared';

export interface Exchange {
  /** The HTTP status, or null when no answer came (network failure, no token). */
  status: number | null;
  body: unknown;
  latencyMs: number | null;
  /** Why no answer came. */
  error: string | null;
}

export type Method = 'GET' | 'POST' | 'PUT';

const now = () => performance.now();
const since = (start: number) => Math.max(0, Math.round(now() - start));

export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function failure(error: unknown, notSignedIn: string): Exchange {
  if (error instanceof NotSignedInError) {
    return { status: null, body: null, latencyMs: null, error: notSignedIn };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: null, body: null, latencyMs: null, error: `No answer: ${message}` };
}

export interface SendOptions extends Pick<RequestOptions, 'body' | 'query'> {
  /** No Authorization header. */
  public?: boolean;
  /** The row's text when the client has no token to send. */
  notSignedIn?: string;
}

/** Sends one request; a non-2xx answer is a result, not an exception. */
export async function exchange(
  client: ApiClient,
  method: Method,
  path: string,
  options: SendOptions = {},
): Promise<Exchange> {
  const start = now();
  try {
    const response = await client.send(method, path, {
      body: options.body,
      query: options.query,
      public: options.public,
      skipSessionExpiry: true,
    });
    const body = await readBody(response);
    return { status: response.status, body, latencyMs: since(start), error: null };
  } catch (error) {
    if (error instanceof ApiError) {
      return { status: error.status, body: error.body, latencyMs: since(start), error: null };
    }
    return failure(error, options.notSignedIn ?? 'You are not signed in.');
  }
}

export interface StreamExchange extends Exchange {
  /** The streamed text (without the image line). */
  text: string;
  image: string | null;
  /** Time to the first streamed text. */
  firstTextMs: number | null;
}

/** Sends a chat request and reads its plain-text stream, reporting each chunk as it arrives. */
export async function streamExchange(
  client: ApiClient,
  path: string,
  body: unknown,
  onText: (chunk: string) => void,
  notSignedIn: string,
): Promise<StreamExchange> {
  const start = now();
  let firstTextMs: number | null = null;
  try {
    const response = await client.send('POST', path, { body, skipSessionExpiry: true });
    const result = await readChatStream(response, (chunk) => {
      firstTextMs ??= since(start);
      onText(chunk);
    });
    return {
      status: response.status,
      body: result.image ? { text: result.text, image: result.image } : result.text,
      latencyMs: since(start),
      error: null,
      text: result.text,
      image: result.image,
      firstTextMs,
    };
  } catch (error) {
    const base =
      error instanceof ApiError
        ? { status: error.status, body: error.body, latencyMs: since(start), error: null }
        : failure(error, notSignedIn);
    return { ...base, text: '', image: null, firstTextMs };
  }
}
