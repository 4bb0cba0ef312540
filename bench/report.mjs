// Prints the Markdown tables of docs/performance.md from a results file:
//   node bench/report.mjs [bench/results/full.json]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.resolve(process.argv[2] ?? path.join(here, 'results', 'full.json'));
const r = JSON.parse(fs.readFileSync(file, 'utf8'));

const row = (cells) => `| ${cells.join(' | ')} |`;
const table = (head, rows) => [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
const ppp = (s) => `${s.p50} / ${s.p95} / ${s.p99}`;
const out = [];
const alone = (d, name) => {
  const s = d.service_ms?.[name];
  return s ? `${s.p50} / ${s.p95}` : '';
};

out.push(`Results of a ${r.run.mode} run, ${r.run.started_at} (${r.run.seconds} s).\n`);
out.push('### Chat overhead (ms; p50 / p95 / p99)\n');
for (const [db, c] of Object.entries(r.chat.by_database)) {
  out.push(
    `**${r.run.databases[db]}** (${c.requests} server chats, ${c.children} children; ` +
      `log rows ${c.log_rows.rows} of ${c.log_rows.expected}: ${c.log_rows.ok ? 'ok' : 'MISMATCH'})\n`,
  );
  out.push(
    table(
      [
        'streams',
        'requests each side',
        'TTFB server',
        'TTFB direct',
        'total server',
        'total direct',
        'overhead (total)',
        'overhead (TTFB)',
        'ratio',
        'bare proxy overhead (total)',
      ],
      Object.values(c.levels).map((l) => [
        l.concurrency,
        l.requests,
        ppp(l.server.ttfb_ms),
        ppp(l.direct.ttfb_ms),
        ppp(l.server.total_ms),
        ppp(l.direct.total_ms),
        `**${ppp(l.overhead_ms)}**`,
        ppp(l.ttfb_overhead_ms),
        l.ratio,
        l.floor_overhead_ms ? ppp(l.floor_overhead_ms) : '',
      ]),
    ),
  );
  out.push('');
}

out.push('### Dashboard at scale (ms; concurrency 20)\n');
for (const [db, d] of Object.entries(r.dashboard.by_database)) {
  out.push(
    `**${r.run.databases[db]}**: ${d.seed.rows.toLocaleString('en')} rows, ${d.seed.children.toLocaleString('en')} children, ${d.seed.parents.toLocaleString('en')} parents (seeded in ${d.seed.seconds} s); the measured children hold ${d.seed.rows_per_queried_child.join(', ')} rows\n`,
  );
  out.push(
    table(
      ['request', 'requests', 'p50', 'p95', 'p99', 'requests/s', 'alone: p50 / p95'],
      [
        [
          '**logs, paged (all shapes)**',
          d.logs.count,
          d.logs.p50,
          `**${d.logs.p95}**`,
          d.logs.p99,
          d.logs.requests_per_s,
          '',
        ],
        ...Object.entries(d.logs.by_shape).map(([n, s]) => [
          `logs: ${n}`,
          s.count,
          s.p50,
          s.p95,
          s.p99,
          '',
          alone(d, n),
        ]),
        [
          '**stats (all ranges)**',
          d.stats.count,
          d.stats.p50,
          `**${d.stats.p95}**`,
          d.stats.p99,
          d.stats.requests_per_s,
          '',
        ],
        ...Object.entries(d.stats.by_shape).map(([n, s]) => [
          `stats: ${n}`,
          s.count,
          s.p50,
          s.p95,
          s.p99,
          '',
          alone(d, n),
        ]),
        [
          'logs unpaged (1000 rows; not used by the app)',
          d.logs_unpaged.count,
          d.logs_unpaged.p50,
          d.logs_unpaged.p95,
          d.logs_unpaged.p99,
          d.logs_unpaged.requests_per_s,
          alone(d, Object.keys(d.logs_unpaged.by_shape)[0]),
        ],
      ],
    ),
  );
  out.push('');
}

out.push('### EXPLAIN\n');
for (const [db, d] of Object.entries(r.dashboard.by_database)) {
  out.push(`**${r.run.databases[db]}**\n`);
  out.push(
    table(
      ['query', 'index?', 'plan'],
      d.explain.map((e) => [
        e.name,
        e.usesIndex ? 'yes' : '**no**',
        (Array.isArray(e.plan) && typeof e.plan[0] === 'string'
          ? e.plan
          : e.plan.map(
              (p) =>
                `${p.table}: ${p.type}, key ${p.key ?? 'none'}, ~${p.rows} rows${p.extra ? `, ${p.extra}` : ''}`,
            )
        )
          .join('; ')
          .replace(/\|/g, '\\|'),
      ]),
    ),
  );
  out.push('');
}

const m = r.moderation;
out.push('### Moderation\n');
out.push(
  table(
    [
      'texts',
      'mean length',
      'keywords',
      'filter',
      'texts/s (one core)',
      'µs per text',
      'guard µs per answer (57 chunks)',
      'one check of that answer (µs)',
    ],
    [
      [
        m.texts,
        m.mean_text_chars,
        m.keywords,
        m.filter,
        `**${m.prompts_per_s}**`,
        m.mean_us_per_text,
        m.response_guard.us_per_answer,
        m.response_guard.us_one_check_of_whole_answer,
      ],
    ],
  ),
);
process.stdout.write(`${out.join('\n')}\n`);
