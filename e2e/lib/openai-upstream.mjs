// A local server speaking OpenAI's streaming chat completions protocol (SSE), so that the browser
// tests exercise the real `openai` provider end to end. `answer(request)` returns the chunks of
// one reply; when `hold()` is on, everything after a reply's first chunk waits for `release()`,
// which lets a test see the first words on screen while the rest is still being "generated".
import http from 'node:http';

const frame = (delta, finish = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-e2e',
    object: 'chat.completion.chunk',
    created: 1763800000,
    model: 'e2e-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

export async function startOpenAiUpstream({ answer }) {
  const requests = [];
  let gate = Promise.resolve();
  let open = () => {};

  const server = http.createServer((req, res) => {
    const parts = [];
    req.on('data', (c) => parts.push(c));
    req.on('end', async () => {
      const url = req.url ?? '';
      const json = (body) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.endsWith('/models')) {
        json({ object: 'list', data: [{ id: 'e2e-model', object: 'model' }] });
        return;
      }
      if (url.endsWith('/moderations')) {
        json({
          id: 'modr-e2e',
          model: 'omni-moderation-latest',
          results: [{ flagged: false, categories: {}, category_scores: {} }],
        });
        return;
      }
      if (!url.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(parts).toString() || '{}');
      requests.push(body);
      const chunks = answer(body);
      const held = gate;
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.write(frame({ role: 'assistant', content: chunks[0] }));
      await held;
      for (const content of chunks.slice(1)) {
        if (res.destroyed) return;
        res.write(frame({ content }));
      }
      res.write(frame({}, 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    requests,
    /** From now on, replies stop after their first chunk until `release()`. */
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      open();
      gate = Promise.resolve();
    },
    close() {
      open();
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
