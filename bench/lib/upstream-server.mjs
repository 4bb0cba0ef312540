// A local OpenAI-compatible upstream for the benchmarks, run as its own process so that its
// pacing does not share an event loop with the load generator. It streams ANSWER (in the
// chat completions SSE format) one word per chunk: the first chunk after --first ms, the next
// ones every --interval ms. /v1/moderations answers "not flagged" at once, /v1/models lists one
// model. Prints {"port": N} on stdout when listening.
import http from 'node:http';
import { serveChild } from './util.mjs';
import { ANSWER_CHUNKS } from './answer.mjs';

const args = new Map();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i], process.argv[i + 1]);
const FIRST_MS = Number(args.get('--first') ?? 25);
const INTERVAL_MS = Number(args.get('--interval') ?? 5);

const chunkLine = (delta, finish = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 1763800000,
    model: 'bench-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;
const FRAMES = [
  ...ANSWER_CHUNKS.map((content, i) =>
    chunkLine(i === 0 ? { role: 'assistant', content } : { content }),
  ),
  chunkLine({}, 'stop'),
];

const server = http.createServer((req, res) => {
  const parts = [];
  req.on('data', (c) => parts.push(c));
  req.on('end', () => {
    const url = req.url ?? '';
    if (req.method === 'GET' && url.endsWith('/models')) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model' }] }));
      return;
    }
    if (req.method === 'POST' && url.endsWith('/moderations')) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'modr-bench',
          model: 'omni-moderation-latest',
          results: [{ flagged: false, categories: {}, category_scores: {} }],
        }),
      );
      return;
    }
    if (req.method === 'POST' && url.endsWith('/chat/completions')) {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache',
        Connection: 'keep-alive',
      });
      let next = 0;
      let timer = null;
      const send = () => {
        if (res.destroyed) return;
        res.write(FRAMES[next++]);
        if (next < FRAMES.length) timer = setTimeout(send, INTERVAL_MS);
        else res.end('data: [DONE]\n\n');
      };
      timer = setTimeout(send, FIRST_MS);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `no route ${req.method} ${url}` } }));
  });
});
serveChild(server);
