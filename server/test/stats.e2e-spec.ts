import { CHILD_MODES, EXPLAIN_MODE, MODE_INFO, type StatsResponse } from '@sprout/shared';
import { DataSource } from 'typeorm';
import { ChatLogsService, statsWindows } from '../src/chat-logs/chat-logs.service';
import { ChatLogDay } from '../src/chat-logs/entities/chat-log-day.entity';
import { createTestApp, type TestApp } from './utils/create-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RANGES = ['7days', '30days', 'all'] as const;
const MODES = [...CHILD_MODES, EXPLAIN_MODE];

interface Row {
  id: string;
  createdAt: Date;
  mode: string;
  flagged: boolean;
}

/** The stats as a count of the rows themselves would give them. */
function expected(rows: Row[], range: (typeof RANGES)[number], now: Date): StatsResponse {
  const { from, to, previousFrom, previousTo } = statsWindows(range, now);
  const count = (a: Date, b: Date) => {
    const inside = rows.filter((r) => r.createdAt >= a && r.createdAt < b);
    const counts = { Learn: 0, Play: 0, Imagine: 0, Homework: 0, Bible: 0 };
    for (const r of inside) {
      const mode = CHILD_MODES.find((m) => m === r.mode);
      if (mode) counts[MODE_INFO[mode].statsName] += 1;
    }
    return { counts, flagged: inside.filter((r) => r.flagged).length };
  };
  const current = count(from, to);
  const previous = count(previousFrom, previousTo);
  return {
    promptCounts: current.counts,
    previousPromptCounts: previous.counts,
    flaggedCount: current.flagged,
    previousFlaggedCount: previous.flagged,
  };
}

describe('stats from the per-day counts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('agree with a count of the rows through writes, reviews, the purge and deletion', async () => {
    const chatLogs = t.app.get(ChatLogsService);
    // Long before any other test's rows: the MySQL database is shared by the test files.
    const now = new Date('2002-03-10T15:30:00.000Z');
    const childUid = `stats-days-${Date.now()}`;
    const times: Date[] = [];
    // Every 27 hours for 460 days, so rows fall at every hour of the day and in both years...
    for (let i = 1; i <= 410; i++) times.push(new Date(now.getTime() - i * 27 * HOUR));
    // ...and on the edges: the windows' starts (counted), a millisecond before them (not), the
    // UTC midnights next to them, and now itself (the end of a window is not in it).
    for (const range of RANGES) {
      const { from, previousFrom, previousTo } = statsWindows(range, now);
      for (const edge of [from, previousFrom, previousTo]) {
        const midnight = Math.floor(edge.getTime() / DAY) * DAY;
        for (const at of [edge.getTime(), edge.getTime() - 1, midnight, midnight - 1])
          times.push(new Date(at));
      }
    }
    times.push(now, new Date(Math.floor(now.getTime() / DAY) * DAY));

    const rows: Row[] = [];
    for (const [i, createdAt] of times.entries()) {
      const mode = MODES[i % MODES.length];
      const flagged = i % 3 === 0;
      const log = await chatLogs.record({
        childUid,
        parentUid: 'stats-days-parent',
        createdAt,
        mode,
        promptText: `prompt ${i}`,
        responseText: 'answer',
        flagged,
        reason: flagged ? "Keyword match: 'x'" : null,
        categories: null,
        severity: flagged ? 'normal' : null,
        outcome: 'answered',
        error: null,
      });
      rows.push({ id: log.id, createdAt, mode, flagged });
    }
    const check = async () => {
      for (const range of RANGES) {
        expect(await chatLogs.stats(childUid, range, now)).toEqual(expected(rows, range, now));
      }
    };
    await check();
    expect((await chatLogs.stats(childUid, '7days', now)).flaggedCount).toBeGreaterThan(0);

    // A review takes the flag off its day once, however often it is sent.
    for (const row of rows.filter((r) => r.flagged).slice(0, 40)) {
      await chatLogs.unmark(childUid, row.id);
      await chatLogs.unmark(childUid, row.id);
      row.flagged = false;
    }
    await check();

    // The purge drops the days before the cutoff and counts the cutoff's day again.
    const cutoff = new Date(now.getTime() - 40 * DAY);
    await chatLogs.purgeOlderThan(40, now);
    const kept = rows.filter((r) => r.createdAt >= cutoff);
    expect(kept.length).toBeLessThan(rows.length);
    rows.splice(0, rows.length, ...kept);
    await check();

    const days = t.app.get(DataSource).getRepository(ChatLogDay);
    expect(await days.countBy({ childUid })).toBeGreaterThan(0);
    await t.app
      .get(DataSource)
      .transaction((manager) => chatLogs.deleteForChild(childUid, manager));
    expect(await days.countBy({ childUid })).toBe(0);
    rows.length = 0;
    await check();
  });
});
