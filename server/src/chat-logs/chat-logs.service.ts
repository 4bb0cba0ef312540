import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import {
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

export function toLogEntry(log: ChatLog): LogEntry {
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
  constructor(@InjectRepository(ChatLog) private readonly repo: Repository<ChatLog>) {}

  async record(
    row: Omit<ChatLog, 'id' | 'parentReviewed'> & { parentReviewed?: boolean },
  ): Promise<ChatLog> {
    return this.repo.save(this.repo.create({ parentReviewed: false, ...row }));
  }

  async page(childUid: string, query: LogPageQuery): Promise<LogsResponse> {
    const paged = query.page !== undefined || query.pageSize !== undefined;
    const pageSize = Math.min(query.pageSize ?? 10, LOGS_MAX_PAGE_SIZE);
    const page = Math.max(query.page ?? 1, 1);
    const qb = this.repo.createQueryBuilder('l').where('l.child_uid = :childUid', { childUid });
    if (query.mode) qb.andWhere('l.mode = :mode', { mode: query.mode });
    if (query.status) qb.andWhere('l.flagged = :flagged', { flagged: query.status === 'flagged' });
    const total = await qb.getCount();
    qb.orderBy('l.created_at', 'DESC').addOrderBy('l.id', 'DESC');
    if (paged) qb.offset((page - 1) * pageSize).limit(pageSize);
    else qb.limit(UNPAGED_LIMIT);
    const rows = await qb.getMany();
    return paged
      ? { logs: rows.map(toLogEntry), total, page, pageSize }
      : { logs: rows.map(toLogEntry), total };
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
    return toLogEntry(await this.repo.save(log));
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
    const rows = await this.repo
      .createQueryBuilder('l')
      .select('l.mode', 'mode')
      .addSelect('COUNT(*)', 'count')
      .addSelect('SUM(CASE WHEN l.flagged = :yes THEN 1 ELSE 0 END)', 'flagged')
      .where('l.child_uid = :childUid', { childUid })
      .andWhere('l.created_at >= :from AND l.created_at < :to', { from, to })
      .setParameter('yes', true)
      .groupBy('l.mode')
      .getRawMany<{ mode: string; count: string | number; flagged: string | number | null }>();
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
  }

  /** Deletes rows older than the retention period (LOG_RETENTION_DAYS; 0 keeps everything). */
  async purgeOlderThan(days: number, now = new Date()): Promise<number> {
    if (days <= 0) return 0;
    const cutoff = new Date(now.getTime() - days * 86_400_000);
    const result = await this.repo
      .createQueryBuilder()
      .delete()
      .where('created_at < :cutoff', { cutoff })
      .execute();
    return result.affected ?? 0;
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
