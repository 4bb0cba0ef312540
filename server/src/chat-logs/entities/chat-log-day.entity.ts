import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The prompts of one child on one UTC day, per mode, and how many of them are flagged: what the
 * stats of the dashboard add up, kept in step with chat_logs by ChatLogsService (every write of
 * a row changes its day here in the same transaction), so a year of stats reads at most 366 rows
 * instead of every prompt of the year (docs/performance.md, fix 13).
 */
@Entity('chat_log_days')
// The retention purge deletes old days through it, without a scan that would lock every day.
@Index('idx_chat_log_days_day', ['day'])
export class ChatLogDay {
  @PrimaryColumn({ name: 'child_uid', type: 'varchar', length: 128 })
  childUid: string;

  /** YYYY-MM-DD (UTC), which sorts and compares as a date. */
  @PrimaryColumn({ name: 'day_utc', type: 'varchar', length: 10 })
  day: string;

  @Column({ name: 'learn_prompts', type: 'int', default: 0 })
  learn: number;

  @Column({ name: 'play_prompts', type: 'int', default: 0 })
  play: number;

  @Column({ name: 'story_time_prompts', type: 'int', default: 0 })
  storyTime: number;

  @Column({ name: 'homework_prompts', type: 'int', default: 0 })
  homework: number;

  @Column({ name: 'bible_prompts', type: 'int', default: 0 })
  bible: number;

  @Column({ name: 'explain_prompts', type: 'int', default: 0 })
  explain: number;

  @Column({ name: 'flagged_prompts', type: 'int', default: 0 })
  flagged: number;
}
