import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OpenAiServer {
  baseUrl: string;
  /** Bodies of every chat completion request received. */
  chatRequests: { messages: { role: string; content: string }[] }[];
  /** Resolves the gate that holds back everything after the first chunk. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A local server speaking the OpenAI streaming chat completions protocol (SSE), for tests. The
 * first chunk is sent at once; the rest waits for `release()` when `gated` is set, which lets a
 * test prove that the first chunk reached the client before the last one was produced.
 */
export async function startOpenAiServer(options: {
  chunks: string[];
  gated?: boolean;
}): Promise<OpenAiServer> {
  const chatRequests: OpenAiServer['chatRequests'] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  if (!options.gated) release();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', async () => {
      if (req.url?.endsWith('/models')) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'test-model', object: 'model' }] }));
        return;
      }
      if (req.url?.endsWith('/moderations')) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'modr-1',
            model: 'omni',
            results: [{ flagged: false, categories: {}, category_scores: {} }],
          }),
        );
        return;
      }
      chatRequests.push(JSON.parse(raw || '{}'));
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      const send = (content: string) =>
        res.write(
          `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'test-model', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`,
        );
      send(options.chunks[0]);
      await gate;
      for (const chunk of options.chunks.slice(1)) send(chunk);
      res.write(
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'test-model', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    chatRequests,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
