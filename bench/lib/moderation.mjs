// Moderation throughput: the built server's ModerationService (every local detector and the
// parent's keywords; no remote call) over the dev evaluation texts, on one core.
import fs from 'node:fs';
import path from 'node:path';
import { ANSWER, ANSWER_CHUNKS } from './answer.mjs';
import { ROOT, log, requireServer, round } from './util.mjs';

/** Like server/test/utils/handbook.ts: SPROUT_HANDBOOK_DIR, then ../shared, then /work/shared. */
export function handbookPath(...parts) {
  const candidates = [
    process.env.SPROUT_HANDBOOK_DIR,
    path.join(ROOT, '..', 'shared'),
    '/work/shared',
  ].filter(Boolean);
  for (const candidate of candidates) {
    const full = path.join(candidate, ...parts);
    if (fs.existsSync(full)) return full;
  }
  throw new Error(
    `Cannot find ${parts.join('/')} of the handbook (tried ${candidates.join(', ')}); set SPROUT_HANDBOOK_DIR.`,
  );
}

/** Answers, not prompts: they go through the response check, as in the moderation eval. */
const RESPONSE_SETS = new Set(['gptfuzz-responses']);
/** The upstream's pace in the chat benchmark (run.mjs, `upstream.intervalMs`). */
const UPSTREAM_INTERVAL_MS = 10;

function loadTexts(folder) {
  const items = [];
  for (const file of fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    const set = file.replace(/\.jsonl$/, '');
    for (const line of fs.readFileSync(path.join(folder, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const row = JSON.parse(line);
      if (typeof row.text === 'string')
        items.push({ text: row.text, source: RESPONSE_SETS.has(set) ? 'response' : 'prompt' });
    }
  }
  return items;
}

/**
 * 200 keywords a parent might watch: words of middling frequency in the texts themselves (so
 * some of them match, as real keywords do), each accepted by the product's keyword rules.
 */
function keywordsFrom(items, checkKeyword, count = 200) {
  const freq = new Map();
  for (const { text } of items)
    for (const w of text.toLowerCase().match(/[a-z]{4,}/g) ?? [])
      freq.set(w, (freq.get(w) ?? 0) + 1);
  const ranked = [...freq].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const out = [];
  for (const [word] of ranked.slice(150)) {
    const check = checkKeyword(word);
    if (check.ok) out.push(check.keyword);
    if (out.length === count) break;
  }
  return out;
}

export function runModeration({ seconds }) {
  requireServer('reflect-metadata');
  const { AppConfig } = requireServer('./dist/config/app-config.js');
  const { ModerationService } = requireServer('./dist/moderation/moderation.service.js');
  const { checkKeyword } = requireServer('@sprout/shared');
  const folder = handbookPath('eval-data', 'dev');
  const items = loadTexts(folder);
  const keywords = keywordsFrom(items, checkKeyword);
  // remote = null: the OpenAI moderation endpoint is a network call, not local throughput.
  const service = new ModerationService(new AppConfig({}), null);
  const ctx = { filter: 'moderate', age: 9, keywords };
  const pass = () => {
    let flagged = 0;
    for (const item of items)
      if (service.checkLocal(item.text, ctx, item.source).flagged) flagged++;
    return flagged;
  };
  const flagged = pass(); // warm-up (JIT, the keyword matcher)
  let checks = 0;
  let passes = 0;
  const began = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < seconds || passes < 2) {
    pass();
    passes++;
    checks += items.length;
    elapsed = Number(process.hrtime.bigint() - began) / 1e9;
  }
  const perSecond = checks / elapsed;

  // What the chat path spends per answer: the streaming guard checks the answer as it streams
  // (the benchmark answer: one word per chunk every 10 ms, as the upstream sends it; the guard
  // reads that pace from the clock it is given, so it batches as it does in the server).
  const guardRuns = 300;
  const guardOnce = () => {
    let now = 0;
    const guard = service.createResponseGuard(ctx, { now: () => now });
    let out = '';
    for (const chunk of ANSWER_CHUNKS) {
      out += guard.push(chunk).emit;
      now += UPSTREAM_INTERVAL_MS;
    }
    out += guard.end().emit;
    return out;
  };
  if (guardOnce() !== ANSWER) throw new Error('The response guard changed the benchmark answer');
  const guardStart = process.hrtime.bigint();
  for (let i = 0; i < guardRuns; i++) guardOnce();
  const guardUs = Number(process.hrtime.bigint() - guardStart) / 1e3 / guardRuns;
  const whole = process.hrtime.bigint();
  for (let i = 0; i < guardRuns; i++) service.checkLocal(ANSWER, ctx, 'response');
  const wholeUs = Number(process.hrtime.bigint() - whole) / 1e3 / guardRuns;
  const chars = items.reduce((a, i) => a + i.text.length, 0);
  const result = {
    prompts_per_s: Math.round(perSecond),
    texts: items.length,
    mean_text_chars: Math.round(chars / items.length),
    keywords: keywords.length,
    filter: 'moderate',
    passes,
    seconds: round(elapsed, 1),
    flagged_share: round(flagged / items.length, 3),
    mean_us_per_text: round(1e6 / perSecond, 1),
    response_guard: {
      answer_chars: ANSWER.length,
      chunks: ANSWER_CHUNKS.length,
      us_per_answer: round(guardUs, 0),
      us_per_chunk: round(guardUs / ANSWER_CHUNKS.length, 1),
      us_one_check_of_whole_answer: round(wholeUs, 0),
    },
    folder,
  };
  log(
    `moderation: ${result.prompts_per_s} texts/s on one core (${items.length} texts, ` +
      `${keywords.length} keywords, ${passes} passes); streaming guard ` +
      `${result.response_guard.us_per_answer} µs per ${ANSWER_CHUNKS.length}-chunk answer ` +
      `(one check of the whole answer: ${result.response_guard.us_one_check_of_whole_answer} µs)`,
  );
  return result;
}
