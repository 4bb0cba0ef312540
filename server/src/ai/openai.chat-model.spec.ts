import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AiUnavailableError, type ChatMessage } from './chat-model';
import { OpenAiChatModel } from './openai.chat-model';

/** A local server speaking the OpenAI chat completions streaming protocol (server-sent events). */
class FakeOpenAi {
  readonly requests: Array<{
    method: string;
    url: string;
    auth?: string;
    body: Record<string, unknown>;
  }> = [];
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void> = () =>
    undefined;
  private readonly server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      this.requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization,
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
      });
      void this.handler(req, res);
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

function sse(res: http.ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
}

function chunkEvent(content: string | null, finish: string | null = null) {
  const chunk = {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'test-model',
    choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const MESSAGES: ChatMessage[] = [
  { role: 'system', content: 'Be kind.' },
  { role: 'user', content: 'Hello' },
];

describe('OpenAiChatModel', () => {
  const server = new FakeOpenAi();
  let model: OpenAiChatModel;

  beforeAll(async () => {
    const baseURL = await server.start();
    model = new OpenAiChatModel({
      apiKey: 'sk-test',
      baseURL,
      model: 'test-model',
      timeoutMs: 5_000,
    });
  });
  afterAll(() => server.stop());
  beforeEach(() => server.requests.splice(0));

  it('yields each delta as it arrives, in order, before the next one is sent', async () => {
    const pieces = ['Once ', 'upon ', 'a ', 'time.'];
    const received = pieces.map(() => deferred());
    server.handler = async (_req, res) => {
      sse(res);
      res.write(
        `data: ${JSON.stringify({ ...JSON.parse(chunkEvent(null).slice(6)), choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] })}\n\n`,
      );
      for (let i = 0; i < pieces.length; i++) {
        res.write(chunkEvent(pieces[i]));
        // The next delta is only sent once the client has yielded this one: no buffering.
        await received[i].promise;
      }
      res.write(chunkEvent(null, 'stop'));
      res.end('data: [DONE]\n\n');
    };
    const chunks: string[] = [];
    for await (const chunk of model.stream(MESSAGES, { maxTokens: 50, temperature: 0.5 })) {
      received[chunks.length].resolve();
      chunks.push(chunk);
    }
    expect(chunks).toEqual(pieces);
    expect(server.requests).toEqual([
      {
        method: 'POST',
        url: '/v1/chat/completions',
        auth: 'Bearer sk-test',
        body: {
          model: 'test-model',
          messages: MESSAGES,
          stream: true,
          max_tokens: 50,
          temperature: 0.5,
        },
      },
    ]);
  });

  it('cancels the upstream request when the signal aborts', async () => {
    const closed = deferred();
    server.handler = (_req, res) => {
      sse(res);
      res.write(chunkEvent('Hello'));
      res.on('close', () => closed.resolve());
    };
    const controller = new AbortController();
    const chunks: string[] = [];
    for await (const chunk of model.stream(MESSAGES, { signal: controller.signal })) {
      chunks.push(chunk);
      controller.abort();
    }
    expect(chunks).toEqual(['Hello']);
    await closed.promise;
  });

  it('cancels the upstream request when the reader stops early', async () => {
    const closed = deferred();
    server.handler = (_req, res) => {
      sse(res);
      res.write(chunkEvent('Hello'));
      res.on('close', () => closed.resolve());
    };
    for await (const chunk of model.stream(MESSAGES)) {
      expect(chunk).toBe('Hello');
      break;
    }
    await closed.promise;
  });

  it('throws AiUnavailableError when the server fails before answering', async () => {
    server.handler = (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }),
      );
    };
    const failure = model.stream(MESSAGES)[Symbol.asyncIterator]().next();
    await expect(failure).rejects.toBeInstanceOf(AiUnavailableError);
    await expect(failure).rejects.toThrow(
      'The AI server cannot answer: 500 The server had an error',
    );
    expect(server.requests).toHaveLength(2);
  });

  it('throws AiUnavailableError for a wrong API key', async () => {
    server.handler = (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
        }),
      );
    };
    await expect(model.stream(MESSAGES)[Symbol.asyncIterator]().next()).rejects.toThrow(
      'The AI server cannot answer: 401 Incorrect API key provided',
    );
  });

  it('passes a rejected request through as an ordinary error', async () => {
    server.handler = (_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: 'This model cannot do that', type: 'invalid_request_error' },
        }),
      );
    };
    const failure = model.stream(MESSAGES)[Symbol.asyncIterator]().next();
    await expect(failure).rejects.toThrow('This model cannot do that');
    await expect(failure).rejects.not.toBeInstanceOf(AiUnavailableError);
  });

  it('throws when the stream reports an error midway', async () => {
    server.handler = (_req, res) => {
      sse(res);
      res.write(chunkEvent('Half '));
      res.end(
        `data: ${JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } })}\n\n`,
      );
    };
    const chunks: string[] = [];
    await expect(async () => {
      for await (const chunk of model.stream(MESSAGES)) chunks.push(chunk);
    }).rejects.toThrow('overloaded');
    expect(chunks).toEqual(['Half ']);
  });

  it('gives up when the server stops sending', async () => {
    const closed = deferred();
    server.handler = (_req, res) => {
      sse(res);
      res.write(chunkEvent('Hmm'));
      res.on('close', () => closed.resolve());
    };
    const slow = new OpenAiChatModel({
      apiKey: 'sk-test',
      baseURL: model.baseURL,
      model: 'test-model',
      timeoutMs: 200,
    });
    const chunks: string[] = [];
    await expect(async () => {
      for await (const chunk of slow.stream(MESSAGES)) chunks.push(chunk);
    }).rejects.toThrow('The AI server sent nothing for 200 ms');
    expect(chunks).toEqual(['Hmm']);
    await closed.promise;
  });

  it('throws AiUnavailableError when the server does not start answering in time', async () => {
    server.handler = () => undefined;
    const slow = new OpenAiChatModel({
      apiKey: 'sk-test',
      baseURL: model.baseURL,
      model: 'test-model',
      timeoutMs: 200,
    });
    const failure = slow.stream(MESSAGES)[Symbol.asyncIterator]().next();
    await expect(failure).rejects.toBeInstanceOf(AiUnavailableError);
  });

  it('throws AiUnavailableError when nothing listens at the base URL', async () => {
    const idle = http.createServer();
    await new Promise<void>((resolve) => idle.listen(0, '127.0.0.1', resolve));
    const port = (idle.address() as AddressInfo).port;
    await new Promise((resolve) => idle.close(resolve));
    const down = new OpenAiChatModel({
      apiKey: 'sk-test',
      baseURL: `http://127.0.0.1:${port}/v1`,
      model: 'm',
      timeoutMs: 2_000,
    });
    await expect(down.stream(MESSAGES)[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(
      AiUnavailableError,
    );
    await expect(down.health()).resolves.toMatchObject({ ok: false });
  });

  it('checks health by listing the models', async () => {
    server.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          data: [{ id: 'test-model', object: 'model', created: 0, owned_by: 'me' }],
        }),
      );
    };
    await expect(model.health()).resolves.toEqual({
      ok: true,
      detail: `test-model at ${model.baseURL}`,
    });
    expect(server.requests[0]).toMatchObject({
      method: 'GET',
      url: '/v1/models',
      auth: 'Bearer sk-test',
    });
  });
});
