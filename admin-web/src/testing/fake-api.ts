/** A fake server behind a stubbed global fetch: routes by method and path, records every call. */
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal | null;
}

export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An error body as the server writes it (ARCHITECTURE §3). */
export function errorBody(status: number, detail: unknown): Response {
  return json(status, { statusCode: status, detail });
}

export function installFakeApi() {
  const routes = new Map<string, FakeHandler>();
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init.signal ?? null,
    };
    calls.push(request);
    const handler = routes.get(`${request.method} ${request.path}`);
    if (!handler) return errorBody(404, 'Not found');
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    on(method: string, path: string, handler: FakeHandler) {
      routes.set(`${method} ${path}`, handler);
    },
    calls,
    callsTo(method: string, path: string) {
      return calls.filter((call) => call.method === method && call.path === path);
    },
  };
}

export type FakeApi = ReturnType<typeof installFakeApi>;

/** A streamed text/plain body the test feeds chunk by chunk; aborting the request errors it. */
export function controlledStream(signal?: AbortSignal | null) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal?.addEventListener('abort', () => {
    if (closed) return;
    closed = true;
    controller.error(new DOMException('The request was aborted.', 'AbortError'));
  });
  return {
    response: new Response(stream, {
      status: 200,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    }),
    push(text: string) {
      controller.enqueue(encoder.encode(text));
    },
    close() {
      closed = true;
      controller.close();
    },
  };
}
