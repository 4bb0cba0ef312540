// The reference for the chat figures: the least a Node server can do between a child and the
// AI. No token, no child settings, no moderation, no log row: it takes the prompt, sends one
// streaming request upstream (undici, kept-alive connections), reads the SSE stream and writes
// each piece of text to the client as it arrives, as a plain pass-through proxy does. Run as its
// own process, like the server; what it adds on this machine is what any proxy of this shape
// adds here, before Sprout does any of its own work. Prints {"port": N} when listening.
//   node bench/lib/floor-proxy.mjs --upstream http://127.0.0.1:PORT/v1
import http from 'node:http';
import { Agent, request } from 'undici';
import { serveChild } from './util.mjs';

const args = new Map();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i], process.argv[i + 1]);
const UPSTREAM = args.get('--upstream');
if (!UPSTREAM) throw new Error('--upstream is required');
const agent = new Agent({ connections: 512, keepAliveTimeout: 60_000 });

async function relay(prompt, res) {
  const { statusCode, body } = await request(`${UPSTREAM}/chat/completions`, {
    method: 'POST',
    dispatcher: agent,
    headers: { authorization: 'Bearer bench', 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'gpt-4o-mini',
      stream: true,
      max_tokens: 600,
      messages: [
        { role: 'system', content: 'You are Sprout, a friendly and safe helper for children.' },
        { role: 'user', content: prompt },
      ],
    }),
  });
  if (statusCode !== 200) {
    res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(await body.text());
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  body.setEncoding('utf8');
  let buffered = '';
  for await (const chunk of body) {
    buffered += chunk;
    let text = '';
    let end;
    while ((end = buffered.indexOf('\n\n')) !== -1) {
      const event = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
      const content = JSON.parse(event.slice(6)).choices?.[0]?.delta?.content;
      if (content) text += content;
    }
    if (text) res.write(text);
  }
  res.end();
}

const server = http.createServer((req, res) => {
  const parts = [];
  req.on('data', (c) => parts.push(c));
  req.on('end', () => {
    let prompt;
    try {
      prompt = JSON.parse(Buffer.concat(parts).toString('utf8')).prompt;
    } catch {
      prompt = undefined;
    }
    if (req.method !== 'POST' || typeof prompt !== 'string') {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('POST {"prompt": "..."}');
      return;
    }
    relay(prompt, res).catch((error) => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(String(error));
    });
  });
});
serveChild(server);
