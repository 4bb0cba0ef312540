// Sprout benchmarks (issue 9): chat overhead, the dashboard at a million rows, moderation
// throughput. `npm run bench` (full) or `npm run bench -- --quick` (about 3 minutes).
//   --quick              100k rows and fewer streams
//   --db mariadb,sqlite  which databases (default both)
//   --mysql-url URL      the MariaDB/MySQL server for the throwaway database
//                        (default BENCH_MYSQL_URL or mysql://root@127.0.0.1:3306)
//   --profile            record CPU profiles of the server (summaries in the results, files
//                        kept in the system's temporary folder)
//   --replicas N         N server processes for the chats, each chat sent to the next in turn
//                        (default 1); with --redis-url they share rate limits and caches
//   --redis-url URL      Redis for the replicas (default BENCH_REDIS_URL, or none)
// Writes bench/results/latest.json; a full run of both databases with one replica also writes
// bench/results/full.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFamilies } from './lib/accounts.mjs';
import { checkLogRows, runChat } from './lib/chat.mjs';
import { MariaDb, SqliteDb } from './lib/db.mjs';
import { explainAll, runDashboard } from './lib/dashboard.mjs';
import { runModeration } from './lib/moderation.mjs';
import { summarizeProfile } from './lib/profile-summary.mjs';
import { seed } from './lib/seed.mjs';
import {
  ensureServerBuilt,
  makeTempDir,
  startEmulator,
  startServer,
  startFloorProxy,
  startUpstream,
} from './lib/stack.mjs';
import { BENCH_DIR, log, machine, round, stopAll } from './lib/util.mjs';

const USAGE =
  'Usage: npm run bench -- [--quick] [--profile] [--db mariadb,sqlite] [--mysql-url URL] ' +
  '[--replicas N] [--redis-url URL]';

function parseArgs(argv) {
  const opts = {
    quick: false,
    profile: false,
    dbs: ['mariadb', 'sqlite'],
    mysqlUrl: process.env.BENCH_MYSQL_URL || 'mysql://root@127.0.0.1:3306',
    replicas: 1,
    redisUrl: process.env.BENCH_REDIS_URL || '',
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--quick') opts.quick = true;
    else if (arg === '--profile') opts.profile = true;
    else if (arg === '--db') opts.dbs = (argv[++i] ?? '').split(',').filter(Boolean);
    else if (arg === '--mysql-url') opts.mysqlUrl = argv[++i];
    else if (arg === '--replicas') opts.replicas = Number(argv[++i]);
    else if (arg === '--redis-url') opts.redisUrl = argv[++i] ?? '';
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`Unknown option ${arg}. ${USAGE}`);
  }
  for (const db of opts.dbs)
    if (!['mariadb', 'sqlite'].includes(db)) throw new Error(`Unknown database ${db}. ${USAGE}`);
  if (!Number.isInteger(opts.replicas) || opts.replicas < 1 || opts.replicas > 8)
    throw new Error(`--replicas takes a whole number from 1 to 8. ${USAGE}`);
  return opts;
}

const SETTINGS = {
  full: {
    upstream: { firstMs: 20, intervalMs: 10 },
    chat: [
      { concurrency: 1, rounds: 4, perLane: 10 },
      { concurrency: 10, rounds: 6, perLane: 5 },
      { concurrency: 100, rounds: 6, perLane: 2 },
    ],
    rows: 1_000_000,
    logsRequests: 3000,
    statsRequests: 1500,
    unpagedRequests: 300,
    servicePerShape: 20,
    moderationSeconds: 15,
  },
  quick: {
    upstream: { firstMs: 20, intervalMs: 10 },
    chat: [
      { concurrency: 1, rounds: 2, perLane: 5 },
      { concurrency: 10, rounds: 2, perLane: 3 },
      { concurrency: 100, rounds: 2, perLane: 1 },
    ],
    rows: 100_000,
    logsRequests: 600,
    statsRequests: 300,
    unpagedRequests: 60,
    servicePerShape: 8,
    moderationSeconds: 4,
  },
};
/** Chats per child in the whole run stay under the per-child limit (30 a minute). */
const CHATS_PER_CHILD = 25;
const WARMUP_CHATS = 30;
const DASHBOARD_CHILDREN = 4;

const opts = parseArgs(process.argv.slice(2));
const settings = opts.quick ? SETTINGS.quick : SETTINGS.full;
const tmp = makeTempDir('sprout-bench-');
const PROFILE_ROOT = path.join(os.tmpdir(), `sprout-bench-profiles-${process.pid}`);
const databases = [];
let cleaning = null;

async function cleanup() {
  cleaning ??= (async () => {
    await stopAll().catch((e) => log(`could not stop every process: ${e.message}`));
    for (const db of databases)
      await db.drop().catch((e) => log(`could not drop ${db.kind} database: ${e.message}`));
    fs.rmSync(tmp, { recursive: true, force: true });
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void cleanup().then(() => process.exit(130));
  });
}

async function benchDatabase(kind, { upstream, floor, emulator }) {
  const dataDir = path.join(tmp, kind);
  fs.mkdirSync(dataDir, { recursive: true });
  const db = kind === 'mariadb' ? new MariaDb(opts.mysqlUrl) : new SqliteDb(dataDir);
  databases.push(db);
  await db.create();
  const serverEnv = {
    dataDir,
    emulatorHost: emulator.host,
    upstreamBaseUrl: upstream.baseUrl,
    mysqlUrl: kind === 'mariadb' ? db.url : null,
    redisUrl: opts.redisUrl,
  };
  const profiles = {};
  const profileDir = (phase) =>
    opts.profile ? path.join(PROFILE_ROOT, `${kind}-${phase}`) : undefined;
  const summarize = (phase) => {
    const dir = profileDir(phase);
    if (!dir || !fs.existsSync(dir)) return;
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) return;
    profiles[phase] = summarizeProfile(path.join(dir, file));
    log(`${kind}: ${phase} profile ${path.join(dir, file)}`);
    for (const a of profiles[phase].by_area.slice(0, 8)) log(`    ${a.self_percent}% ${a.area}`);
  };
  log(`${kind}: starting the server (migrations)`);
  let server = await startServer({
    ...serverEnv,
    profileDir: profileDir('chat'),
    replicas: opts.replicas,
  });
  if (opts.replicas > 1)
    log(`${kind}: ${opts.replicas} replicas, ${opts.redisUrl ? 'sharing Redis' : 'without Redis'}`);
  const chatTotal =
    WARMUP_CHATS + settings.chat.reduce((a, l) => a + l.concurrency * l.rounds * l.perLane, 0);
  const childCount = Math.max(DASHBOARD_CHILDREN, Math.ceil(chatTotal / CHATS_PER_CHILD));
  log(`${kind}: creating ${childCount} children through the API`);
  const families = await createFamilies({
    origin: server.origin,
    emulatorHost: emulator.host,
    childCount,
    keywords: ['fortnite', 'roblox', 'tiktok', 'secret', 'address'],
  });

  log(`${kind}: chat overhead`);
  const chat = await runChat({
    server,
    upstream,
    floor,
    children: families.children,
    plan: settings.chat,
  });
  await db.open();
  const logRows = await checkLogRows(db, chat.serverRequests);
  log(
    `${kind}: log rows ${logRows.rows} for ${logRows.expected} requests: ${logRows.ok ? 'ok' : 'MISMATCH'}`,
  );
  if (chat.errors.length)
    log(`${kind}: ${chat.errors.length} chat errors, first: ${chat.errors[0]}`);

  await server.stop();
  summarize('chat');
  log(`${kind}: seeding ${settings.rows} chat_logs rows`);
  const heavy = families.parents[0].children.slice(0, DASHBOARD_CHILDREN);
  const seeded = await seed(
    db,
    { rows: settings.rows, parents: 2000, children: 10_000, heavyShare: 0.01 },
    { real: families, heavy },
  );
  if (db.kind === 'mariadb') {
    const dirty = await db.settle(opts.quick ? 20_000 : 60_000);
    log(`${kind}: statistics analysed, ${dirty} dirty pages left in the buffer pool`);
  }
  await db.close();
  log(`${kind}: seeded ${seeded.rows} rows in ${seeded.seconds} s; restarting the server`);
  server = await startServer({ ...serverEnv, profileDir: profileDir('dashboard') });
  const dashboard = await runDashboard({
    server,
    parent: families.parents[0],
    childUids: heavy.map((c) => c.uid),
    logsRequests: settings.logsRequests,
    statsRequests: settings.statsRequests,
    unpagedRequests: settings.unpagedRequests,
    servicePerShape: settings.servicePerShape,
  });
  const explain = await explainAll({
    db,
    env: { DATA_DIR: dataDir, MYSQL_URL: serverEnv.mysqlUrl ?? '' },
    parentUid: families.parents[0].uid,
    childUid: heavy[0].uid,
  });
  for (const e of explain) log(`  EXPLAIN ${e.usesIndex ? 'index   ' : 'NO INDEX'} ${e.name}`);
  await server.stop();
  summarize('dashboard');
  await db.drop();
  return {
    database: db.describe(),
    chat: {
      levels: chat.levels,
      requests: chat.serverRequests,
      errors: chat.errors.length,
      first_errors: chat.errors.slice(0, 3),
      log_rows: logRows,
      children: childCount,
    },
    dashboard: { seed: seeded, ...dashboard, explain },
    ...(opts.profile ? { profiles } : {}),
  };
}

async function main() {
  const started = new Date();
  const host = machine();
  log(`Sprout benchmarks (${opts.quick ? 'quick' : 'full'}), databases: ${opts.dbs.join(', ')}`);
  await ensureServerBuilt();
  const moderation = runModeration({ seconds: settings.moderationSeconds });
  const upstream = await startUpstream(settings.upstream);
  const floor = await startFloorProxy(upstream.baseUrl);
  log('starting the Auth emulator');
  const emulator = await startEmulator(tmp);
  const byDb = {};
  for (const kind of opts.dbs)
    byDb[kind] = await benchDatabase(kind, { upstream, floor, emulator });

  const kinds = Object.keys(byDb);
  const top = Math.max(...settings.chat.map((l) => l.concurrency));
  // The headline figures are the worse database's.
  const chatKind = kinds.reduce((a, b) =>
    byDb[b].chat.levels[top].overhead_ms.p99 > byDb[a].chat.levels[top].overhead_ms.p99 ? b : a,
  );
  const dashKind = kinds.reduce((a, b) =>
    byDb[b].dashboard.logs.p95 + byDb[b].dashboard.stats.p95 >
    byDb[a].dashboard.logs.p95 + byDb[a].dashboard.stats.p95
      ? b
      : a,
  );
  const headline = byDb[chatKind].chat.levels[top];
  const pick = (s) => ({ p50: s.p50, p95: s.p95, p99: s.p99 });
  const result = {
    chat: {
      overhead_ms: headline.overhead_ms,
      ratio: headline.ratio,
      concurrency: top,
      requests: headline.requests,
      log_rows_ok: kinds.every((k) => byDb[k].chat.log_rows.ok),
      errors: kinds.reduce((a, k) => a + byDb[k].chat.errors, 0),
      database: chatKind,
      ttfb_overhead_ms: headline.ttfb_overhead_ms,
      /** The same figure for the bare pass-through proxy (bench/lib/floor-proxy.mjs). */
      floor_overhead_ms: headline.floor_overhead_ms,
      upstream: {
        first_chunk_ms: settings.upstream.firstMs,
        chunk_interval_ms: settings.upstream.intervalMs,
      },
      by_database: Object.fromEntries(kinds.map((k) => [k, byDb[k].chat])),
    },
    dashboard: {
      rows: byDb[dashKind].dashboard.seed.rows,
      logs_page_ms: pick(byDb[dashKind].dashboard.logs),
      stats_ms: pick(byDb[dashKind].dashboard.stats),
      database: dashKind,
      logs_requests_per_s: byDb[dashKind].dashboard.logs.requests_per_s,
      stats_requests_per_s: byDb[dashKind].dashboard.stats.requests_per_s,
      all_explains_use_index: kinds.every((k) =>
        byDb[k].dashboard.explain
          .filter((e) => !e.name.startsWith('retention'))
          .every((e) => e.usesIndex),
      ),
      by_database: Object.fromEntries(kinds.map((k) => [k, byDb[k].dashboard])),
    },
    moderation,
    ...(opts.profile
      ? { profiles: Object.fromEntries(kinds.map((k) => [k, byDb[k].profiles])) }
      : {}),
    run: {
      mode: opts.quick ? 'quick' : 'full',
      started_at: started.toISOString(),
      seconds: round((Date.now() - started.getTime()) / 1000, 1),
      databases: Object.fromEntries(kinds.map((k) => [k, byDb[k].database])),
      machine: host,
      load_average_at_end: os.loadavg().map((x) => round(x, 2)),
      niceness: 'run under nice -n 10 when started that way',
      replicas: opts.replicas,
      redis: Boolean(opts.redisUrl),
    },
  };
  const dir = path.join(BENCH_DIR, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const json = `${JSON.stringify(result, null, 2)}\n`;
  fs.writeFileSync(path.join(dir, 'latest.json'), json);
  log('wrote bench/results/latest.json');
  if (!opts.quick && kinds.length === 2 && opts.replicas === 1) {
    fs.writeFileSync(path.join(dir, 'full.json'), json);
    log('wrote bench/results/full.json');
  }
  log(
    `chat overhead at ${top} streams (${chatKind}): p50 ${result.chat.overhead_ms.p50} ms, ` +
      `p99 ${result.chat.overhead_ms.p99} ms (a bare proxy: p50 ${result.chat.floor_overhead_ms.p50} ms, ` +
      `p99 ${result.chat.floor_overhead_ms.p99} ms); logs p95 ${result.dashboard.logs_page_ms.p95} ms, ` +
      `stats p95 ${result.dashboard.stats_ms.p95} ms (${dashKind}, ${result.dashboard.rows} rows); ` +
      `moderation ${moderation.prompts_per_s} texts/s`,
  );
  return result.chat.log_rows_ok && result.chat.errors === 0 ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  log(`FAILED: ${error.stack ?? error}`);
} finally {
  await cleanup();
}
process.exit(code);
