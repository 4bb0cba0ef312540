import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type LogSeverity = 'critical' | 'high' | 'normal';
export type ChatOutcome = 'answered' | 'blocked' | 'stopped' | 'disconnected' | 'failed';

/** One row per prompt a child sends, whatever happens to it. */
@Entity('chat_logs')
@Index('idx_chat_logs_child_created_id_mode_flagged', [
  'childUid',
  'createdAt',
  'id',
  'mode',
  'flagged',
])
@Index('idx_chat_logs_child_flagged_created', ['childUid', 'flagged', 'createdAt'])
@Index('idx_chat_logs_child_mode_created_id_flagged', [
  'childUid',
  'mode',
  'createdAt',
  'id',
  'flagged',
])
@Index('idx_chat_logs_created', ['createdAt'])
@Index('idx_chat_logs_parent', ['parentUid'])
export class ChatLog {
  /** bigint: MySQL returns it as a string, SQLite as a number; API answers always use String(id). */
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ name: 'child_uid', type: 'varchar', length: 128 })
  childUid: string;

  @Column({ name: 'parent_uid', type: 'varchar', length: 128 })
  parentUid: string;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ type: 'varchar', length: 16 })
  mode: string;

  @Column({ name: 'prompt_text', type: 'text' })
  promptText: string;

  @Column({ name: 'response_text', type: 'text', nullable: true })
  responseText: string | null;

  @Column({ type: 'boolean', default: false })
  flagged: boolean;

  @Column({ name: 'parent_reviewed', type: 'boolean', default: false })
  parentReviewed: boolean;

  @Column({ type: 'varchar', length: 500, nullable: true })
  reason: string | null;

  @Column({ type: 'simple-json', nullable: true })
  categories: string[] | null;

  /** For flagged rows: critical (crisis signal), high (blocked) or normal. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  severity: LogSeverity | null;

  @Column({ type: 'varchar', length: 16, default: 'answered' })
  outcome: ChatOutcome;

  /** What went wrong when the AI failed (never shown to the child). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  error: string | null;
}
