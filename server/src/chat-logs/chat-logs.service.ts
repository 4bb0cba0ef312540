import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, type ObjectLiteral, Repository } from 'typeorm';
import {
  CHILD_MODES,
  EXPLAIN_MODE,
  LOGS_MAX_PAGE_SIZE,
  MODE_INFO,
  STATS_MODES,
  isChildMode,
  type LogEntry,
  type LogsResponse,
  type ModeCounts,
  type StatsResponse,
  type TimeRange,
  type ChatMode,
} from '@sprout/shared';
import { CacheBus } from '../common/cache-bus';
import { notFound } from '../common/domain-error';
import { AlertState } from './entities/alert-state.entity';
import { ChatLog } from './entities/chat-log.entity';

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

/** Every mode a row can have (written by the chat route only). */
const ALL_MODES: readonly ChatMode[] = [...CHILD_MODES, EXPLAIN_MODE];

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

  /** One INSERT: no transaction and no read-back of defaults, since every column is given. */
  async record(
    row: Omit<ChatLog, 'id' | 'parentReviewed'> & { parentReviewed?: boolean },
  ): Promise<ChatLog> {
    const log = this.repo.create({ parentReviewed: false, ...row });
    const result = await this.repo
      .createQueryBuilder()
      .insert()
      .values(log)
      .updateEntity(false)
      .execute();
    const generated = this.repo.manager.connection.driver.createGeneratedMap(
      this.repo.metadata,
      result.raw,
      0,
      1,
    ) as { id?: string | number } | undefined;
    if (generated?.id !== undefined) log.id = String(generated.id);
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
    let sql = this.statements.get(shape);
    if (sql === undefined) {
      sql = build();
      this.statements.set(shape, sql);
    }
    const { driver } = this.repo.manager.connection;
    const [query, values] = driver.escapeQueryWithParameters(sql, params);
    return this.repo.query<T[]>(query, values);
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

  async unmark(childUid: string, logId: string): Promise<LogEntry> {
    if (!/^\d{1,19}$/.test(logId)) throw notFound('Log entry');
    const log = await this.repo.findOneBy({ id: logId, childUid });
    if (!log) throw notFound('Log entry');
    log.flagged = false;
    log.parentReviewed = true;
    const saved = await this.repo.save(log);
    this.changed(childUid);
    return toLogEntry(saved);
  }

  async stats(childUid: string, range: TimeRange, now = new Date()): Promise<StatsResponse> {
    const { from, to, previousFrom, previousTo } = statsWindows(range, now);
    const [current, previous] = await Promise.all([
      this.countByMode(childUid, from, to),
      this.countByMode(childUid, previousFrom, previousTo),
    ]);
    return {
      promptCounts: current.counts,
      previousPromptCounts: previous.counts,
      flaggedCount: current.flagged,
      previousFlaggedCount: previous.flagged,
    };
  }

  private async countByMode(childUid: string, from: Date, to: Date) {
    const rows = await this.run<{
      mode: string;
      count: string | number;
      flagged: string | number | null;
    }>('stats', { childUid, from, to, yes: true, modes: ALL_MODES }, () => {
      const qb = this.repo
        .createQueryBuilder('l')
        .select('l.mode', 'mode')
        .addSelect('COUNT(*)', 'count')
        .addSelect('SUM(CASE WHEN l.flagged = :yes THEN 1 ELSE 0 END)', 'flagged')
        .where('l.child_uid = :childUid');
      // SQLite then reads each mode's window from the (child, mode, created_at, ...) index, in
      // mode order, without a temporary B-tree for the grouping: a year of 9,000 rows in 1.5 ms
      // instead of 3.6. MariaDB plans the list worse (a week: 0.9 ms -> 5.8), so it goes without.
      if (this.repo.manager.connection.options.type === 'better-sqlite3') {
        qb.andWhere('l.mode IN (:...modes)');
      }
      return qb
        .andWhere('l.created_at >= :from AND l.created_at < :to')
        .groupBy('l.mode')
        .getQuery();
    });
    const counts = Object.fromEntries(STATS_MODES.map((m) => [m, 0])) as ModeCounts;
    let flagged = 0;
    for (const row of rows) {
      flagged += Number(row.flagged ?? 0);
      if (isChildMode(row.mode)) counts[MODE_INFO[row.mode].statsName] += Number(row.count);
    }
    return { counts, flagged };
  }

  async deleteForChild(childUid: string, manager: EntityManager): Promise<void> {
    await manager.delete(ChatLog, { childUid });
    await manager.delete(AlertState, { childUid });
    this.changed(childUid);
  }

  /**
   * Deletes rows older than the retention period (LOG_RETENTION_DAYS; 0 keeps everything), in
   * batches found through the created_at index, so chats can write between two statements.
   */
  async purgeOlderThan(days: number, now = new Date(), batch = PURGE_BATCH): Promise<number> {
    if (days <= 0) return 0;
    const cutoff = new Date(now.getTime() - days * 86_400_000);
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
