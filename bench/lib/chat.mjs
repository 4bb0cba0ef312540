// Chat overhead: N concurrent streaming chats through the server and, interleaved in the same
// run, straight to the upstream and through the bare pass-through proxy (floor-proxy.mjs, the
// reference: what any Node proxy adds on this machine); time to first byte and total time.
import { Agent, request } from 'undici';
import { ANSWER } from './answer.mjs';
import { Histogram, log, round } from './util.mjs';

const PROMPTS = [
  'Why is the sky blue?',
  'How do bees make honey?',
  'What do whales eat?',
  'Why do leaves change colour in autumn?',
  'How far away is the moon?',
];

const DIGITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
/**
 * A tag that makes every prompt unique, in words: numbers can trip the moderation on purpose
 * (1488 and 88 are hate codes), words of digits cannot.
 */
export const tag = (n) => `(bench ${[...String(n)].map((d) => DIGITS[Number(d)]).join('-')})`;

/** What the server sends upstream, near enough: a system prompt and the question. */
function directBody(prompt) {
  return JSON.stringify({
    model: 'gpt-4o-mini',
    stream: true,
    max_tokens: 600,
    messages: [
      {
        role: 'system',
        content:
          'You are Sprout, a friendly and safe helper for children. Answer simply and kindly.',
      },
      { role: 'user', content: prompt },
    ],
  });
}

async function timed(fn) {
  const start = performance.now();
  const { statusCode, body } = await fn();
  let ttfb = null;
  let text = '';
  body.setEncoding('utf8');
  for await (const chunk of body) {
    if (ttfb === null) ttfb = performance.now() - start;
    text += chunk;
  }
  const total = performance.now() - start;
  return { statusCode, text, ttfb: ttfb ?? total, total };
}

/**
 * One chat benchmark on a running server: returns per-concurrency figures and the number of
 * server requests made (for the log-row check).
 */
export async function runChat({ server, upstream, floor, children, plan, mode = 'Learn' }) {
  const serverAgent = new Agent({ connections: 512, keepAliveTimeout: 60_000 });
  const floorAgent = new Agent({ connections: 512, keepAliveTimeout: 60_000 });
  const directAgent = new Agent({ connections: 512, keepAliveTimeout: 60_000 });
  // With replicas, each chat goes to the next server in turn.
  const { origins } = server;
  let seq = 0;
  let serverRequests = 0;
  const errors = [];

  const viaServer = async () => {
    const n = seq++;
    serverRequests++;
    const child = children[n % children.length];
    const r = await timed(() =>
      request(`${origins[n % origins.length]}/api/kids/chat`, {
        method: 'POST',
        dispatcher: serverAgent,
        headers: {
          authorization: `Bearer ${child.idToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          prompt: `${PROMPTS[n % PROMPTS.length]} ${tag(n)}`,
          mode,
          history: [],
        }),
      }),
    );
    if (r.statusCode !== 200 || r.text !== ANSWER)
      errors.push(`server #${n}: ${r.statusCode} ${r.text.slice(0, 200)}`);
    return r;
  };
  const direct = async () => {
    const n = seq++;
    const r = await timed(() =>
      request(`${upstream.baseUrl}/chat/completions`, {
        method: 'POST',
        dispatcher: directAgent,
        headers: { authorization: 'Bearer bench', 'content-type': 'application/json' },
        body: directBody(PROMPTS[n % PROMPTS.length]),
      }),
    );
    if (r.statusCode !== 200 || !r.text.endsWith('data: [DONE]\n\n'))
      errors.push(`direct #${n}: ${r.statusCode} ${r.text.slice(0, 200)}`);
    return r;
  };

  const viaFloor = async () => {
    const n = seq++;
    const r = await timed(() =>
      request(floor.origin, {
        method: 'POST',
        dispatcher: floorAgent,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: PROMPTS[n % PROMPTS.length] }),
      }),
    );
    if (r.statusCode !== 200 || r.text !== ANSWER)
      errors.push(`floor #${n}: ${r.statusCode} ${r.text.slice(0, 200)}`);
    return r;
  };

  /** `concurrency` lanes, each making `perLane` requests one after the other. */
  const wave = async (fn, concurrency, perLane, sink) => {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = 0; i < perLane; i++) {
          const r = await fn();
          if (sink) {
            sink.ttfb.recordMs(r.ttfb);
            sink.total.recordMs(r.total);
          }
        }
      }),
    );
  };

  try {
    // Warm-up (connections, JIT, caches of the child and the keywords): not recorded.
    await wave(viaServer, 10, 3, null);
    await wave(direct, 10, 3, null);
    await wave(viaFloor, 10, 3, null);
    const levels = {};
    for (const { concurrency, rounds, perLane } of plan) {
      const s = { ttfb: new Histogram(), total: new Histogram() };
      const d = { ttfb: new Histogram(), total: new Histogram() };
      const f = { ttfb: new Histogram(), total: new Histogram() };
      const sides = [
        [viaServer, s],
        [direct, d],
        [viaFloor, f],
      ];
      const began = performance.now();
      for (let r = 0; r < rounds; r++) {
        // Rotate which side goes first so that none always meets a warmer machine.
        for (let k = 0; k < sides.length; k++) {
          const [fn, sink] = sides[(r + k) % sides.length];
          await wave(fn, concurrency, perLane, sink);
        }
      }
      const seconds = (performance.now() - began) / 1000;
      const sv = { ttfb_ms: s.ttfb.summary(), total_ms: s.total.summary() };
      const dv = { ttfb_ms: d.ttfb.summary(), total_ms: d.total.summary() };
      const fv = { ttfb_ms: f.ttfb.summary(), total_ms: f.total.summary() };
      const diff = (a, b) => ({
        p50: round(a.p50 - b.p50),
        p95: round(a.p95 - b.p95),
        p99: round(a.p99 - b.p99),
      });
      levels[concurrency] = {
        concurrency,
        requests: s.total.count,
        server: sv,
        direct: dv,
        floor: fv,
        overhead_ms: diff(sv.total_ms, dv.total_ms),
        floor_overhead_ms: diff(fv.total_ms, dv.total_ms),
        ttfb_overhead_ms: diff(sv.ttfb_ms, dv.ttfb_ms),
        ratio: round(sv.total_ms.p50 / dv.total_ms.p50, 3),
        ttfb_ratio: round(sv.ttfb_ms.p50 / dv.ttfb_ms.p50, 3),
        seconds: round(seconds, 1),
      };
      log(
        `  c=${concurrency}: ${s.total.count} streams each side; total p50 server ` +
          `${sv.total_ms.p50} ms vs direct ${dv.total_ms.p50} ms; overhead p50/p95/p99 ` +
          `${levels[concurrency].overhead_ms.p50}/${levels[concurrency].overhead_ms.p95}/` +
          `${levels[concurrency].overhead_ms.p99} ms; ttfb overhead p50 ` +
          `${levels[concurrency].ttfb_overhead_ms.p50} ms; bare proxy overhead p50/p95/p99 ` +
          `${levels[concurrency].floor_overhead_ms.p50}/${levels[concurrency].floor_overhead_ms.p95}/` +
          `${levels[concurrency].floor_overhead_ms.p99} ms`,
      );
    }
    return { levels, serverRequests, errors };
  } finally {
    await Promise.all([serverAgent.close(), directAgent.close(), floorAgent.close()]);
  }
}

/** Exactly one log row per server request, each prompt once. */
export async function checkLogRows(db, expected) {
  const [row] = await db.query(
    "SELECT COUNT(*) AS n, COUNT(DISTINCT prompt_text) AS d FROM chat_logs WHERE prompt_text LIKE '%(bench %'",
  );
  const rows = Number(row.n);
  const distinct = Number(row.d);
  return {
    expected,
    rows,
    distinct_prompts: distinct,
    ok: rows === expected && distinct === expected,
  };
}
