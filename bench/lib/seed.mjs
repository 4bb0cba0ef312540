// Seeds the dashboard benchmark straight into the server's own schema (migrations already ran):
// parents, children and chat_logs rows with a realistic mix, streamed in time order.
import { log, requireServer } from './util.mjs';

const DAY = 86_400_000;
/** A share of the modes like the one the product sees (Explain is the "explain this" button). */
const MODE_MIX = [
  ['Learn', 0.28],
  ['Homework', 0.25],
  ['Play', 0.18],
  ['Story Time', 0.14],
  ['Bible', 0.05],
  ['Explain', 0.1],
];
const FLAGGED_SHARE = 0.03;
const PROMPTS = [
  'Why is the sky blue?',
  'Can you help me with 7 times 8?',
  'Tell me a story about a brave little fox who finds a lost star.',
  'What is the biggest animal in the ocean?',
  'How do plants drink water?',
  'What rhymes with orange?',
  'Who was Noah and why did he build an ark?',
  'Can you explain fractions with pizza?',
  'Let us play twenty questions! I am thinking of an animal.',
  'How many legs does a spider have and why?',
  'What does photosynthesis mean?',
  'Write a poem about my cat Biscuit.',
];
const FLAGGED = [
  {
    prompt: 'what is my friends phone number 555 201 3344',
    reason: 'Personal information: phone number',
    categories: ['personal_info'],
    severity: 'normal',
    outcome: 'answered',
  },
  {
    prompt: 'can I play fortnite all night',
    reason: "Keyword match: 'fortnite'",
    categories: ['keyword'],
    severity: 'normal',
    outcome: 'answered',
  },
  {
    prompt: 'how do you make a knife sharper to hurt someone',
    reason: 'Violence: harm to others',
    categories: ['violence'],
    severity: 'high',
    outcome: 'blocked',
  },
  {
    prompt: 'you are stupid and I hate you',
    reason: 'Hate or harassment: insult',
    categories: ['hate_harassment'],
    severity: 'normal',
    outcome: 'answered',
  },
];
const RESPONSE =
  'That is a great question! Here is a simple way to think about it: imagine the world as a ' +
  'big playground where everything has a reason to be the way it is. Scientists love asking ' +
  'questions just like yours, and they found that ';

export function plan(rows, { parents = 2000, children = 10_000, heavyShare = 0.01 } = {}) {
  return { rows, parents, children, heavyShare };
}

/** A small deterministic generator, so every run seeds the same data. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `real` holds the parents and children made through the API (their rows already exist);
 * `heavy` are the children the dashboard benchmark reads: each gets `heavyShare` of all rows
 * (a child who chats every day of the year), the rest share the remainder unevenly.
 */
export async function seed(db, { rows, parents, children, heavyShare }, { real, heavy }) {
  const random = rng(42);
  const now = Date.now();
  const started = performance.now();
  await db.query('DELETE FROM chat_logs');
  await db.query('DELETE FROM chat_log_days');

  // Parents and children: the real ones plus generated ones up to the wanted numbers.
  const fakeParents = parents - real.parents.length;
  const parentRows = [];
  for (let p = 0; p < fakeParents; p++) {
    const created = now - 365 * DAY + Math.floor(random() * 30 * DAY);
    parentRows.push([
      `benchparent${String(p).padStart(6, '0')}`,
      `bench-seed-${p}@example.com`,
      db.datetime(created),
      1,
      null,
      db.datetime(created),
    ]);
  }
  await db.bulkInsert(
    'parents',
    [
      'uid',
      'email',
      'accepted_terms_at',
      'email_notifications',
      'stripe_customer_id',
      'created_at',
    ],
    parentRows,
  );
  const allChildren = real.children.map((c) => ({ uid: c.uid, parentUid: c.parentUid }));
  const childRows = [];
  const fakeChildren = children - real.children.length;
  const modes = JSON.stringify(['Learn', 'Play', 'Story Time', 'Homework', 'Bible']);
  for (let c = 0; c < fakeChildren; c++) {
    const uid = `benchchild${String(c).padStart(7, '0')}`;
    const parentUid = parentRows[c % parentRows.length][0];
    allChildren.push({ uid, parentUid });
    childRows.push([
      uid,
      parentUid,
      `seedkid${c}`,
      6 + (c % 7),
      'moderate',
      modes,
      null,
      0,
      0,
      parentRows[c % parentRows.length][5],
    ]);
  }
  await db.bulkInsert(
    'children',
    [
      'uid',
      'parent_uid',
      'username',
      'age',
      'filter',
      'allowed_modes',
      'preferred_voice_uri',
      'auto_read_web',
      'auto_read_mobile',
      'created_at',
    ],
    childRows,
  );

  // Who writes each row: heavy children a fixed share, the others by an uneven weight.
  const heavyIds = new Set(heavy.map((c) => c.uid));
  const weights = allChildren.map((c) => (heavyIds.has(c.uid) ? 0 : random() ** 2));
  const restShare = 1 - heavyShare * heavy.length;
  const sum = weights.reduce((a, b) => a + b, 0);
  const cumulative = [];
  let acc = 0;
  for (const w of weights) cumulative.push((acc += (w / sum) * restShare));
  const heavyIndex = heavy.map((h) => allChildren.findIndex((c) => c.uid === h.uid));
  const pick = () => {
    const u = random();
    if (u >= restShare)
      return heavyIndex[Math.min(heavy.length - 1, Math.floor((u - restShare) / heavyShare))];
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const pickMode = () => {
    let u = random();
    for (const [mode, share] of MODE_MIX) if ((u -= share) < 0) return mode;
    return 'Learn';
  };

  const columns = [
    'child_uid',
    'parent_uid',
    'created_at',
    'mode',
    'prompt_text',
    'response_text',
    'flagged',
    'parent_reviewed',
    'reason',
    'categories',
    'severity',
    'outcome',
    'error',
  ];
  // A year of timestamps (364 days, so a retention of 365 days keeps them all), in time order.
  const span = 364 * DAY;
  const from = now - span;
  const batch = 20_000;
  for (let i = 0; i < rows; i += batch) {
    const chunk = [];
    for (let j = i; j < Math.min(rows, i + batch); j++) {
      const child = allChildren[pick()];
      const at = from + Math.floor(((j + random()) / rows) * span);
      const mode = pickMode();
      if (random() < FLAGGED_SHARE) {
        const f = FLAGGED[Math.floor(random() * FLAGGED.length)];
        chunk.push([
          child.uid,
          child.parentUid,
          db.datetime(at),
          mode,
          f.prompt,
          f.outcome === 'blocked' ? "Let's talk about something else!" : RESPONSE + f.prompt,
          1,
          0,
          f.reason,
          JSON.stringify(f.categories),
          f.severity,
          f.outcome,
          null,
        ]);
      } else {
        const prompt = PROMPTS[Math.floor(random() * PROMPTS.length)];
        chunk.push([
          child.uid,
          child.parentUid,
          db.datetime(at),
          mode,
          prompt,
          RESPONSE + prompt.toLowerCase(),
          0,
          0,
          null,
          null,
          null,
          'answered',
          null,
        ]);
      }
    }
    await db.bulkInsert('chat_logs', columns, chunk);
    if ((i / batch) % 10 === 9) log(`  seeded ${i + chunk.length} of ${rows} rows`);
  }
  // The per-day counts of the stats, built from the rows as the migration that adds them does
  // (the server keeps them in step with every row it writes itself).
  const { buildDaysSql } = requireServer('./dist/chat-logs/daily-counts.js');
  const built = performance.now();
  await db.query(buildDaysSql(db.kind === 'sqlite' ? 'sqlite' : 'mysql', false));
  const [days] = await db.query('SELECT COUNT(*) AS n FROM chat_log_days');
  log(`  built ${days.n} per-day count rows in ${Math.round(performance.now() - built)} ms`);
  const [count] = await db.query('SELECT COUNT(*) AS n FROM chat_logs');
  const perHeavy = await db.query(
    `SELECT child_uid, COUNT(*) AS n FROM chat_logs WHERE child_uid IN (${heavy.map(() => '?').join(', ')}) GROUP BY child_uid`,
    heavy.map((h) => h.uid),
  );
  return {
    rows: Number(count.n),
    parents,
    children,
    rows_per_queried_child: perHeavy.map((r) => Number(r.n)),
    day_rows: Number(days.n),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
