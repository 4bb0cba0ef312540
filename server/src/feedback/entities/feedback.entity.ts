import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { FeedbackContext, FeedbackType } from '@sprout/shared';

@Entity('feedback')
export class Feedback {
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  @Index('idx_feedback_parent')
  @Column({ name: 'parent_uid', type: 'varchar', length: 128 })
  parentUid: string;

  @Column({ type: 'varchar', length: 16 })
  type: FeedbackType;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'simple-json', nullable: true })
  context: FeedbackContext | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;
}
