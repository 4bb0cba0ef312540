import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, type ObjectLiteral, Repository } from 'typeorm';
import {
  CHILD_MODES,
  LOGS_MAX_PAGE_SIZE,
  MODE_INFO,
  STATS_MODES,
  type LogEntry,
  type LogsResponse,
  type ModeCounts,
  type StatsResponse,
  type TimeRange,
  type ChatMode,
} from '@sprout/shared';
import { CacheBus } from '../common/cache-bus';
import { notFound } from '../common/domain-error';
import {
  DAYS_TABLE,
  DAY_MS,
  FLAGGED_COLUMN,
  MODE_COLUMNS,
  type DatabaseKind,
  addPromptSql,
  buildDaysSql,
  databaseKind,
  startOfUtcDay,
  utcDay,
  WINDOW_COLUMN,
  statsCountsSql,
  statsParams,
} from './daily-counts';
import { AlertState } from './entities/alert-state.entity';
import { ChatLog } from './entities/chat-log.entity';
import { ChatLogDay } from './entities/chat-log-day.entity';

export interface LogPageQuery {
  page?: number;
  pageSize?: number;
  mode?: string;
  status?: 'flagged' | 'safe';
}

/** When the dashboard asks without paging, it gets at most this many newest rows. */
export const UNPAGED_LIMIT = 1000;

/** The retention purge deletes at most this many rows a statement, so no lock is held for long. */
export const PURGE_BATCH = 5000;

/**
 * The index that gives each page its order (migration 1763900000000). MySQL is told which one
 * (SQLite ignores the hint): for a child's newest rows MariaDB would otherwise walk the index on
 * created_at alone, made for the retention purge, reading rows of every child to find ten.
 */
export function pageIndex(query: Pick<LogPageQuery, 'mode' | 'status'>): string {
  if (query.mode) return 'idx_chat_logs_child_mode_created_id_flagged';
  if (query.status) return 'idx_chat_logs_child_flagged_created';
  return 'idx_chat_logs_child_created_id_mode_flagged';
}

/**
 * Totals of the log pages (a COUNT over every row of a child that matches the filters: the part
 * of a page that grows with the log) are kept per child and filter until a row of that child is
 * written, reviewed or deleted on any replica (CacheBus); this bounds staleness if a message is
 * lost or a replica runs without Redis.
 */
const TOTALS_CACHE_MS = 30_000;
const TOTALS_CACHE_CHILDREN = 10_000;
const LOGS_TOPIC = 'chat-logs';
/** The key of LOGS_TOPIC that drops every child's totals (the retention purge). */
const EVERY_CHILD = '*';

interface Totals {
  until: number;
  byFilter: Map<string, number>;
}

/** A statement with its values in the driver's order, ready to run. */
interface Statement {
  sql: string;
  values: unknown[];
}

interface StatementResult {
  affected: number;
  insertId: string | null;
}

/** The few better-sqlite3 calls `atomically` makes (TypeORM's driver holds the connection). */
interface SqliteStatement {
  run(...values: unknown[]): { changes: number; lastInsertRowid: number | bigint };
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  transaction<T>(work: () => T): () => T;
}

/** The columns a dashboard entry shows. */
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
] as const;
type EntryRow = Pick<ChatLog, (typeof ENTRY_COLUMNS)[number]>;

export function toLogEntry(log: EntryRow): LogEntry {
  return {
    id: String(log.id),
    timestamp: log.createdAt.toISOString(),
    mode: log.mode as ChatMode,
    prompt_text: log.promptText,
    response_text: log.responseText,
    flagged: log.flagged,
    parent_reviewed: log.parentReviewed,
    reason: log.reason,
    severity: log.severity ?? null,
  };
}

/** The chat log: one row per prompt, read by the dashboard. */
@Injectable()
export class ChatLogsService {
  /** The SQL of each dashboard query shape, built once: building it costs more than running it. */
  private readonly statements = new Map<string, string>();

  private readonly totals = new Map<string, Totals>();

  /** Prepared SQLite statements of `atomically`, by SQL (a handful of shapes). */
  private readonly prepared = new Map<string, SqliteStatement>();

  constructor(
    @InjectRepository(ChatLog) private readonly repo: Repository<ChatLog>,
    private readonly bus: CacheBus,
  ) {
    this.bus.on(LOGS_TOPIC, (childUid) => {
      if (childUid === EVERY_CHILD) this.totals.clear();
      else this.totals.delete(childUid);
    });
  }

  /** Every replica forgets the totals of this child (or of every child). */
  private changed(childUid: string) {
    this.bus.publish(LOGS_TOPIC, childUid);
  }

  /**
   * The row and its day's counts, in one transaction; no read-back of defaults, since every
   * column is given. A mode without a count column (none is written today) still gets its row.
   */
  async record(
    row: Omit<ChatLog, 'id' | 'parentReviewed'> & { parentReviewed?: boolean },
  ): Promise<ChatLog> {
    const log = this.repo.create({ parentReviewed: false, ...row });
    const [sql, values] = this.repo
      .createQueryBuilder()
      .insert()
      .values(log)
      .updateEntity(false)
      .getQueryAndParameters();
    const statements: Statement[] = [{ sql, values }];
    if (Object.hasOwn(MODE_COLUMNS, row.mode)) {
      const mode = row.mode as ChatMode;
      statements.push(
        this.statement(`add ${mode}`, () => addPromptSql(this.kind, mode), {
          childUid: row.childUid,
          day: utcDay(row.createdAt),
          flagged: row.flagged ? 1 : 0,
        }),
      );
    }
    const [inserted] = await this.atomically(statements);
    if (inserted.insertId !== null) log.id = inserted.insertId;
    this.changed(row.childUid);
    return log;
  }

  async page(childUid: string, query: LogPageQuery): Promise<LogsResponse> {
    const paged = query.page !== undefined || query.pageSize !== undefined;
    const pageSize = Math.min(query.pageSize ?? 10, LOGS_MAX_PAGE_SIZE);
    const page = Math.max(query.page ?? 1, 1);
    const filtered = () => {
      const qb = this.repo.createQueryBuilder('l').where('l.child_uid = :childUid');
      if (query.mode) qb.andWhere('l.mode = :mode');
      if (query.status) qb.andWhere('l.flagged = :flagged');
      return qb;
    };
    const shape = `${query.mode ? 'mode' : ''}:${query.status ? 'status' : ''}`;
    const params = {
      childUid,
      mode: query.mode,
      flagged: query.status === 'flagged',
      limit: paged ? pageSize : UNPAGED_LIMIT,
      offset: paged ? (page - 1) * pageSize : 0,
    };
    const filter = `${query.mode ?? ''}\u0000${query.status ?? ''}`;
    const total = await this.total(childUid, filter, () =>
      this.run<{ total: number | string }>(`count ${shape}`, params, () =>
        filtered().select('COUNT(*)', 'total').getQuery(),
      ),
    );
    const rows = await this.run<Record<string, unknown>>(`page ${shape}`, params, () => {
      const qb = filtered().select([]).useIndex(pageIndex(query));
      for (const column of ENTRY_COLUMNS) qb.addSelect(`l.${column}`, column);
      qb.orderBy('l.created_at', 'DESC').addOrderBy('l.id', 'DESC');
      return `${qb.getQuery()} LIMIT :limit OFFSET :offset`;
    });
    const logs = this.hydrate(rows).map(toLogEntry);
    return paged ? { logs, total, page, pageSize } : { logs, total };
  }

  /**
   * The total of a filter, from the cache when no row of the child changed since it was counted.
   * A count that overlapped a change is not kept: the change replaced or removed the entry.
   */
  private async total(
    childUid: string,
    filter: string,
    count: () => Promise<{ total: number | string }[]>,
  ): Promise<number> {
    const now = Date.now();
    let entry = this.totals.get(childUid);
    if (entry && entry.until <= now) {
      this.totals.delete(childUid);
      entry = undefined;
    }
    const cached = entry?.byFilter.get(filter);
    if (cached !== undefined) return cached;
    if (!entry) {
      if (this.totals.size >= TOTALS_CACHE_CHILDREN) this.totals.clear();
      entry = { until: now + TOTALS_CACHE_MS, byFilter: new Map() };
      this.totals.set(childUid, entry);
    }
    const [row] = await count();
    const total = Number(row?.total ?? 0);
    if (this.totals.get(childUid) === entry) entry.byFilter.set(filter, total);
    return total;
  }

  /** Runs the statement of a query shape (built by `build` the first time) with these values. */
  private async run<T>(shape: string, params: ObjectLiteral, build: () => string): Promise<T[]> {
    const { sql, values } = this.statement(shape, build, params);
    return this.repo.query<T[]>(sql, values);
  }

  private get kind(): DatabaseKind {
    return databaseKind(this.repo.manager.connection.options.type);
  }

  /** The statement of a shape (its SQL built by `build` the first time) with these values. */
  private statement(shape: string, build: () => string, params: ObjectLiteral): Statement {
    let sql = this.statements.get(shape);
    if (sql === undefined) {
      sql = build();
      this.statements.set(shape, sql);
    }
    const { driver } = this.repo.manager.connection;
    const [query, values] = driver.escapeQueryWithParameters(sql, params);
    return { sql: query, values };
  }

  /**
   * Runs statements as one transaction. On SQLite in better-sqlite3's own synchronous
   * transaction: TypeORM shares its one connection there, so an awaited transaction would take
   * in the statements other requests run meanwhile.
   */
  private async atomically(statements: Statement[]): Promise<StatementResult[]> {
    const { driver } = this.repo.manager.connection;
    if (this.kind === 'sqlite') {
      const db = (driver as unknown as { databaseConnection: SqliteDatabase }).databaseConnection;
      const ready = statements.map(({ sql, values }) => {
        let prepared = this.prepared.get(sql);
        if (!prepared) {
          prepared = db.prepare(sql);
          this.prepared.set(sql, prepared);
        }
        return { prepared, values: values.map((v) => (typeof v === 'boolean' ? Number(v) : v)) };
      });
      return db.transaction(() =>
        ready.map(({ prepared, values }) => {
          const info = prepared.run(...values);
          return { affected: info.changes, insertId: String(info.lastInsertRowid) };
        }),
      )();
    }
    return this.repo.manager.transaction(async (manager) => {
      const results: StatementResult[] = [];
      for (const { sql, values } of statements) {
        const header = (await manager.query(sql, values)) as {
          affectedRows?: number;
          insertId?: number | string;
        };
        results.push({
          affected: header.affectedRows ?? 0,
          insertId: header.insertId ? String(header.insertId) : null,
        });
      }
      return results;
    });
  }

  /**
   * Raw entry rows as entries, without building entities: the driver converts the columns whose
   * raw value differs between databases (the date, the booleans); the others are text as stored.
   */
  private hydrate(raws: Record<string, unknown>[]): EntryRow[] {
    const { metadata } = this.repo;
    const { driver } = this.repo.manager.connection;
    const converted = (['createdAt', 'flagged', 'parentReviewed'] as const).map((name) =>
      metadata.findColumnWithPropertyName(name)!,
    );
    return raws.map((raw) => {
      const row = { ...raw };
      for (const column of converted) {
        row[column.propertyName] = driver.prepareHydratedValue(raw[column.propertyName], column);
      }
      return row as unknown as EntryRow;
    });
  }

  /** Every row of a child, oldest first, for the data export. */
  async allForChild(childUid: string): Promise<ChatLog[]> {
    return this.repo.find({ where: { childUid }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Marks a row safe and reviewed; its day loses a flagged prompt if it still had the flag. */
  async unmark(childUid: string, logId: string): Promise<LogEntry> {
    if (!/^\d{1,19}$/.test(logId)) throw notFound('Log entry');
    const log = await this.repo.findOneBy({ id: logId, childUid });
    if (!log) throw notFound('Log entry');
    const params = { id: log.id, childUid, day: utcDay(log.createdAt) };
    await this.atomically([
      // Before the row changes, and only while it is flagged: a second review counts nothing.
      this.statement(
        'unflag day',
        () =>
          `UPDATE ${DAYS_TABLE} SET ${FLAGGED_COLUMN} = ${FLAGGED_COLUMN} - 1 WHERE child_uid = :childUid AND day_utc = :day AND ${FLAGGED_COLUMN} > 0 AND EXISTS (SELECT 1 FROM chat_logs WHERE id = :id AND flagged = 1)`,
        params,
      ),
      this.statement(
        'unflag row',
        () => 'UPDATE chat_logs SET flagged = 0, parent_reviewed = 1 WHERE id = :id',
        params,
      ),
    ]);
    this.changed(childUid);
    return toLogEntry({ ...log, flagged: false, parentReviewed: true });
  }

  /**
   * Whole days from chat_log_days, the parts of days at the windows' ends from chat_logs: the
   * window and the one before it in one statement.
   */
  async stats(childUid: string, range: TimeRange, now = new Date()): Promise<StatsResponse> {
    const rows = await this.run<Record<string, string | number | null>>(
      'stats',
      statsParams(childUid, statsWindows(range, now)),
      statsCountsSql,
    );
    const [current, previous] = [0, 1].map((w) =>
      countsOf(rows.find((row) => Number(row[WINDOW_COLUMN]) === w)),
    );
    return {
      promptCounts: current.counts,
      previousPromptCounts: previous.counts,
      flaggedCount: current.flagged,
      previousFlaggedCount: previous.flagged,
    };
  }

  async deleteForChild(childUid: string, manager: EntityManager): Promise<void> {
    await manager.delete(ChatLog, { childUid });
    await manager.delete(ChatLogDay, { childUid });
    await manager.delete(AlertState, { childUid });
    this.changed(childUid);
  }

  /**
   * Deletes rows older than the retention period (LOG_RETENTION_DAYS; 0 keeps everything), in
   * batches found through the created_at index, so chats can write between two statements; then
   * the days go too, and the day of the cutoff is counted again from the rows it keeps.
   */
  async purgeOlderThan(days: number, now = new Date(), batch = PURGE_BATCH): Promise<number> {
    if (days <= 0) return 0;
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    const deleted = await this.purgeRows(cutoff, batch);
    const first = startOfUtcDay(cutoff);
    await this.atomically([
      this.statement('purge days', () => `DELETE FROM ${DAYS_TABLE} WHERE day_utc <= :day`, {
        day: utcDay(cutoff),
      }),
      this.statement('build days', () => buildDaysSql(this.kind, true), {
        from: first,
        to: new Date(first.getTime() + DAY_MS),
      }),
    ]);
    return deleted;
  }

  private async purgeRows(cutoff: Date, batch: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      const ids = (
        await this.repo
          .createQueryBuilder('l')
          .select('l.id', 'id')
          .where('l.created_at < :cutoff', { cutoff })
          .limit(batch)
          .getRawMany<{ id: string | number }>()
      ).map((r) => r.id);
      if (!ids.length) return deleted;
      const result = await this.repo
        .createQueryBuilder()
        .delete()
        .where('id IN (:...ids)', { ids })
        .execute();
      deleted += result.affected ?? ids.length;
      this.changed(EVERY_CHILD);
      if (ids.length < batch) return deleted;
    }
  }
}

/** A row of statsCountsSql as the prompts of each mode of the dashboard and the flagged ones. */
function countsOf(row: Record<string, string | number | null> | undefined) {
  const counts = Object.fromEntries(STATS_MODES.map((m) => [m, 0])) as ModeCounts;
  for (const mode of CHILD_MODES) {
    counts[MODE_INFO[mode].statsName] += Number(row?.[MODE_COLUMNS[mode]] ?? 0);
  }
  return { counts, flagged: Number(row?.[FLAGGED_COLUMN] ?? 0) };
}

/**
 * The windows of the three ranges (spec §2 Stats): the last 7 or 30 days against the 7 or 30
 * before them; "Start Of Year" from 1 January (UTC) against the same span of the year before.
 */
export function statsWindows(range: TimeRange, now: Date) {
  const day = 86_400_000;
  if (range === 'all') {
    const year = now.getUTCFullYear();
    const from = new Date(Date.UTC(year, 0, 1));
    const previousFrom = new Date(Date.UTC(year - 1, 0, 1));
    const previousTo = new Date(previousFrom.getTime() + (now.getTime() - from.getTime()));
    return { from, to: now, previousFrom, previousTo };
  }
  const span = (range === '7days' ? 7 : 30) * day;
  const to = now;
  const from = new Date(to.getTime() - span);
  return { from, to, previousFrom: new Date(from.getTime() - span), previousTo: from };
}
