import { CHILD_MODES, EXPLAIN_MODE, type ChatMode } from '@sprout/shared';

/**
 * The SQL of chat_log_days (entities/chat-log-day.entity.ts): one row per child and UTC day with
 * the prompts of each mode and the flagged ones. Written by ChatLogsService with every change of
 * chat_logs, built from chat_logs by the migration that adds it (and by the benchmark after
 * seeding), read by the stats.
 */
export const DAYS_TABLE = 'chat_log_days';

/** The column that counts each mode's prompts. */
export const MODE_COLUMNS: Readonly<Record<ChatMode, string>> = {
  Learn: 'learn_prompts',
  Play: 'play_prompts',
  'Story Time': 'story_time_prompts',
  Homework: 'homework_prompts',
  Bible: 'bible_prompts',
  [EXPLAIN_MODE]: 'explain_prompts',
};
export const FLAGGED_COLUMN = 'flagged_prompts';

const ALL_MODES: readonly ChatMode[] = [...CHILD_MODES, EXPLAIN_MODE];
/** Every count column, in the order of ALL_MODES, then the flagged count. */
export const COUNT_COLUMNS: readonly string[] = [
  ...ALL_MODES.map((m) => MODE_COLUMNS[m]),
  FLAGGED_COLUMN,
];

export type DatabaseKind = 'mysql' | 'sqlite';

/** The SQL dialect of a TypeORM connection type (the server uses better-sqlite3 or mysql). */
export function databaseKind(type: string): DatabaseKind {
  return type === 'better-sqlite3' ? 'sqlite' : 'mysql';
}

export const DAY_MS = 86_400_000;

/** The UTC day of a moment, as the table keeps it. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function startOfUtcDay(date: Date): Date {
  return new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
}

/** The UTC day of chat_logs.created_at in SQL (stored in UTC by both drivers). */
function dayOf(kind: DatabaseKind, column: string): string {
  return kind === 'mysql' ? `DATE_FORMAT(${column}, '%Y-%m-%d')` : `substr(${column}, 1, 10)`;
}

/** One 0/1 per chat_logs row and count column, in the order of COUNT_COLUMNS. */
function rowCounts(alias: string): string[] {
  return [
    ...ALL_MODES.map((m) => `CASE WHEN ${alias}.mode = '${m}' THEN 1 ELSE 0 END`),
    `CASE WHEN ${alias}.flagged = 1 THEN 1 ELSE 0 END`,
  ];
}

/**
 * Builds the rows of every day from chat_logs (of the days in [:from, :to) with `range`): the
 * target days must have no rows yet.
 */
export function buildDaysSql(kind: DatabaseKind, range: boolean): string {
  const day = dayOf(kind, 'l.created_at');
  return [
    `INSERT INTO ${DAYS_TABLE} (child_uid, day_utc, ${COUNT_COLUMNS.join(', ')})`,
    `SELECT l.child_uid, ${day}, ${rowCounts('l')
      .map((c) => `SUM(${c})`)
      .join(', ')}`,
    `FROM chat_logs l`,
    range ? `WHERE l.created_at >= :from AND l.created_at < :to` : '',
    `GROUP BY l.child_uid, ${day}`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** Adds one prompt of `mode` (flagged: :flagged = 1) to :childUid's :day. */
export function addPromptSql(kind: DatabaseKind, mode: ChatMode): string {
  const column = MODE_COLUMNS[mode];
  const insert = `INSERT INTO ${DAYS_TABLE} (child_uid, day_utc, ${column}, ${FLAGGED_COLUMN}) VALUES (:childUid, :day, 1, :flagged)`;
  const update = `${column} = ${column} + 1, ${FLAGGED_COLUMN} = ${FLAGGED_COLUMN} + :flagged`;
  return kind === 'mysql'
    ? `${insert} ON DUPLICATE KEY UPDATE ${update}`
    : `${insert} ON CONFLICT (child_uid, day_utc) DO UPDATE SET ${update}`;
}

/** The column of statsCountsSql that tells its two rows apart: 0 the window, 1 the one before. */
export const WINDOW_COLUMN = 'stats_window';

/**
 * The counts of a window and of the window before it in one statement (one round trip), one row
 * each, told apart by WINDOW_COLUMN; parameters: statsParams.
 */
export function statsCountsSql(): string {
  return [0, 1].map((w) => windowCountsSql(w)).join(' UNION ALL ');
}

/** The parameters of statsCountsSql: the window [from, to) and the one before [previousFrom, previousTo). */
export function statsParams(
  childUid: string,
  window: { from: Date; to: Date; previousFrom: Date; previousTo: Date },
) {
  return {
    childUid,
    ...windowParams(0, window.from, window.to),
    ...windowParams(1, window.previousFrom, window.previousTo),
  };
}

/**
 * The counts of a child in window `w` [from, to) by mode, labelled `w` in WINDOW_COLUMN: the whole
 * UTC days inside it from chat_log_days, the parts of days at its two ends from chat_logs (at most
 * a day each, read through the (child_uid, created_at, ...) index). Parameters: :childUid, and
 * for `w` :w{w}fromDay and :w{w}toDay (the whole days, [fromDay, toDay)), :w{w}headFrom/:w{w}headTo
 * and :w{w}tailFrom/:w{w}tailTo (the parts).
 */
function windowCountsSql(w: number): string {
  const p = (name: string) => `:w${w}${name}`;
  const sums = COUNT_COLUMNS.map((c) => `SUM(u.${c}) AS ${c}`).join(', ');
  const days = `SELECT ${COUNT_COLUMNS.join(', ')} FROM ${DAYS_TABLE} WHERE child_uid = :childUid AND day_utc >= ${p('fromDay')} AND day_utc < ${p('toDay')}`;
  const rows = rowCounts('l')
    .map((c, i) => `${c} AS ${COUNT_COLUMNS[i]}`)
    .join(', ');
  const part = (from: string, to: string) =>
    `SELECT ${rows} FROM chat_logs l WHERE l.child_uid = :childUid AND l.created_at >= ${p(from)} AND l.created_at < ${p(to)}`;
  return `SELECT ${w} AS ${WINDOW_COLUMN}, ${sums} FROM (${days} UNION ALL ${part('headFrom', 'headTo')} UNION ALL ${part('tailFrom', 'tailTo')}) u`;
}

/** The parameters of windowCountsSql(w) for [from, to). */
function windowParams(w: number, from: Date, to: Date): Record<string, string | Date> {
  const firstWhole = startOfUtcDay(from);
  if (firstWhole < from) firstWhole.setTime(firstWhole.getTime() + DAY_MS);
  const lastWhole = startOfUtcDay(to);
  const values =
    firstWhole < lastWhole
      ? {
          fromDay: utcDay(firstWhole),
          toDay: utcDay(lastWhole),
          headFrom: from,
          headTo: firstWhole,
          tailFrom: lastWhole,
          tailTo: to,
        }
      : // No whole day inside: every row comes from chat_logs.
        { fromDay: '', toDay: '', headFrom: from, headTo: to, tailFrom: to, tailTo: to };
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [`w${w}${k}`, v]));
}
