// Dashboard at scale: GET /api/parents/logs/{id} and /api/parents/stats/{id} at concurrency 20,
// and EXPLAIN of every query shape behind them (the SQL comes from TypeORM itself, built the
// way server/src/chat-logs/chat-logs.service.ts and children.service.ts build it).
import { Agent, request } from 'undici';
import { Histogram, log, requireServer, round, runPool } from './util.mjs';

/** What the parents app asks (LOGS_PAGE_SIZE = 10; the Logs tab's filters, the Review tab). */
export const LOG_SHAPES = [
  { name: 'page 1', query: { page: 1, pageSize: 10 } },
  { name: 'page 2', query: { page: 2, pageSize: 10 } },
  { name: 'page 50 (offset 490)', query: { page: 50, pageSize: 10 } },
  { name: 'mode filter', query: { page: 1, pageSize: 10, mode: 'Homework' } },
  { name: 'flagged only (Review tab)', query: { page: 1, pageSize: 10, status: 'flagged' } },
  { name: 'mode + safe, page 3', query: { page: 3, pageSize: 10, mode: 'Learn', status: 'safe' } },
];
/** Without paging the server answers the newest 1000 rows; the parents app never asks so. */
export const UNPAGED_SHAPE = { name: 'unpaged (newest 1000 rows)', query: {} };
export const STAT_RANGES = ['7days', '30days', 'all'];

async function load({ origin, token, jobs, total, concurrency }) {
  const agent = new Agent({ connections: concurrency, keepAliveTimeout: 60_000 });
  const all = new Histogram();
  const byName = new Map(jobs.map((j) => [j.name, new Histogram()]));
  const errors = [];
  try {
    // Warm-up: one pass over every job.
    for (const job of jobs) await call(agent, origin, token, job.path);
    const began = performance.now();
    await runPool(total, concurrency, async (i) => {
      const job = jobs[i % jobs.length];
      const start = performance.now();
      const { status, body } = await call(agent, origin, token, job.path);
      const ms = performance.now() - start;
      if (status !== 200) errors.push(`${job.path}: ${status} ${body.slice(0, 200)}`);
      all.recordMs(ms);
      byName.get(job.name).recordMs(ms);
    });
    const seconds = (performance.now() - began) / 1000;
    return {
      ...all.summary(),
      requests_per_s: round(total / seconds, 1),
      concurrency,
      by_shape: Object.fromEntries([...byName].map(([name, h]) => [name, h.summary()])),
      errors: errors.length,
      first_errors: errors.slice(0, 3),
    };
  } finally {
    await agent.close();
  }
}

async function call(agent, origin, token, path) {
  const res = await request(`${origin}${path}`, {
    dispatcher: agent,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await res.body.text();
  return { status: res.statusCode, body };
}

function logJobsFor(shapes, childUids) {
  const jobs = [];
  for (const shape of shapes) {
    for (const uid of childUids) {
      const qs = new URLSearchParams(
        Object.entries(shape.query).map(([k, v]) => [k, String(v)]),
      ).toString();
      jobs.push({ name: shape.name, path: `/api/parents/logs/${uid}${qs ? `?${qs}` : ''}` });
    }
  }
  return jobs;
}

/**
 * Each shape alone, one request at a time: the work one request costs, without the queueing
 * that concurrency 20 adds on a two-core machine.
 */
async function serviceTimes({ origin, token, jobs, perShape }) {
  const agent = new Agent({ connections: 1, keepAliveTimeout: 60_000 });
  const out = {};
  try {
    const names = [...new Set(jobs.map((j) => j.name))];
    for (const name of names) {
      const own = jobs.filter((j) => j.name === name);
      const h = new Histogram();
      for (let i = 0; i < perShape; i++) {
        const job = own[i % own.length];
        const start = performance.now();
        const { status } = await call(agent, origin, token, job.path);
        if (status !== 200) throw new Error(`${job.path}: ${status}`);
        h.recordMs(performance.now() - start);
      }
      out[name] = h.summary();
    }
    return out;
  } finally {
    await agent.close();
  }
}

export async function runDashboard({
  server,
  parent,
  childUids,
  logsRequests,
  statsRequests,
  unpagedRequests,
  servicePerShape,
}) {
  const logJobs = logJobsFor(LOG_SHAPES, childUids);
  const statJobs = [];
  for (const range of STAT_RANGES)
    for (const uid of childUids)
      statJobs.push({ name: range, path: `/api/parents/stats/${uid}?timeRange=${range}` });

  // A sanity check of what the dashboard gets back.
  const probe = await call(new Agent(), server.origin, parent.idToken, logJobs[0].path);
  const page = JSON.parse(probe.body);
  if (probe.status !== 200 || !Array.isArray(page.logs) || page.logs.length !== 10)
    throw new Error(`logs probe failed: ${probe.status} ${probe.body.slice(0, 300)}`);

  const logs = await load({
    origin: server.origin,
    token: parent.idToken,
    jobs: logJobs,
    total: logsRequests,
    concurrency: 20,
  });
  log(`  logs: p50/p95/p99 ${logs.p50}/${logs.p95}/${logs.p99} ms, ${logs.requests_per_s} req/s`);
  const stats = await load({
    origin: server.origin,
    token: parent.idToken,
    jobs: statJobs,
    total: statsRequests,
    concurrency: 20,
  });
  log(
    `  stats: p50/p95/p99 ${stats.p50}/${stats.p95}/${stats.p99} ms, ${stats.requests_per_s} req/s`,
  );
  const unpaged = await load({
    origin: server.origin,
    token: parent.idToken,
    jobs: logJobsFor([UNPAGED_SHAPE], childUids),
    total: unpagedRequests,
    concurrency: 20,
  });
  log(
    `  logs unpaged (1000 rows, not used by the app): p50/p95/p99 ` +
      `${unpaged.p50}/${unpaged.p95}/${unpaged.p99} ms, ${unpaged.requests_per_s} req/s`,
  );
  const service_ms = await serviceTimes({
    origin: server.origin,
    token: parent.idToken,
    jobs: [...logJobs, ...statJobs, ...logJobsFor([UNPAGED_SHAPE], childUids)],
    perShape: servicePerShape,
  });
  log(
    `  one at a time (p50 ms): ${Object.entries(service_ms)
      .map(([n, s]) => `${n} ${s.p50}`)
      .join('; ')}`,
  );
  return { logs, stats, logs_unpaged: unpaged, service_ms, rows_of_first_child: page.total };
}

/** The columns `ChatLogsService.page` reads (chat-logs.service.ts, ENTRY_COLUMNS). */
const ENTRY_COLUMNS = [
  'id',
  'createdAt',
  'mode',
  'promptText',
  'responseText',
  'flagged',
  'parentReviewed',
  'reason',
  'severity',
];

/** EXPLAIN of every query shape, with the SQL TypeORM generates for the server's builders. */
export async function explainAll({ db, env, parentUid, childUid }) {
  requireServer('reflect-metadata');
  const { DataSource } = requireServer('typeorm');
  const { AppConfig } = requireServer('./dist/config/app-config.js');
  const { dataSourceOptions } = requireServer('./dist/database/data-source-options.js');
  const { ChatLog } = requireServer('./dist/chat-logs/entities/chat-log.entity.js');
  const { pageIndex } = requireServer('./dist/chat-logs/chat-logs.service.js');
  const { Child } = requireServer('./dist/parents/entities/child.entity.js');
  const options = { ...dataSourceOptions(new AppConfig(env)), migrationsRun: false };
  const ds = new DataSource(options);
  await ds.initialize();
  try {
    const logs = ds.getRepository(ChatLog);
    const shapes = [];
    const pageQuery = (query) => {
      const qb = logs.createQueryBuilder('l').where('l.child_uid = :childUid', { childUid });
      if (query.mode) qb.andWhere('l.mode = :mode', { mode: query.mode });
      if (query.status)
        qb.andWhere('l.flagged = :flagged', { flagged: query.status === 'flagged' });
      return qb;
    };
    shapes.push({
      name: 'children: owner check (getOwned)',
      qb: ds
        .getRepository(Child)
        .createQueryBuilder('c')
        .where('c.uid = :childUid AND c.parent_uid = :parentUid', { childUid, parentUid })
        .limit(1),
    });
    for (const shape of [...LOG_SHAPES, UNPAGED_SHAPE]) {
      const q = shape.query;
      shapes.push({
        name: `logs count: ${shape.name}`,
        qb: pageQuery(q).select('COUNT(*)', 'total'),
      });
      const qb = pageQuery(q)
        .select(ENTRY_COLUMNS.map((c) => `l.${c}`))
        .useIndex(pageIndex(q))
        .orderBy('l.created_at', 'DESC')
        .addOrderBy('l.id', 'DESC');
      if (q.page) qb.offset((q.page - 1) * q.pageSize).limit(q.pageSize);
      else qb.limit(1000);
      shapes.push({ name: `logs page: ${shape.name}`, qb });
    }
    const now = new Date();
    // As ChatLogsService.stats: the whole days of a 30-day window and of the 30 days before it
    // from chat_log_days, the ends of both from chat_logs, in one statement.
    const { statsCountsSql, statsParams } = requireServer('./dist/chat-logs/daily-counts.js');
    const { statsWindows } = requireServer('./dist/chat-logs/chat-logs.service.js');
    shapes.push({
      name: 'stats: counts of a 30-day window and the 30 days before (whole days + ends)',
      sql: statsCountsSql(),
      params: statsParams(childUid, statsWindows('30days', now)),
    });
    shapes.push({
      name: 'retention purge: one batch (not on the dashboard path)',
      qb: logs
        .createQueryBuilder('l')
        .select('l.id', 'id')
        .where('l.created_at < :cutoff', { cutoff: new Date(now.getTime() - 365 * 86_400_000) })
        .limit(5000),
    });
    shapes.push({
      name: 'retention purge: delete the batch (not on the dashboard path)',
      qb: logs
        .createQueryBuilder()
        .delete()
        .where('id IN (:...ids)', { ids: [1, 2, 3] }),
    });
    const out = [];
    for (const shape of shapes) {
      const { name } = shape;
      const [sql, params] = shape.qb
        ? shape.qb.getQueryAndParameters()
        : ds.driver.escapeQueryWithParameters(shape.sql, shape.params);
      const prefix = db.kind === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
      const rows = await ds.query(prefix + sql, params);
      out.push({ name, sql, ...db.interpretPlan(rows) });
    }
    return out;
  } finally {
    await ds.destroy();
  }
}
