import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Batches flagged-item mail: at most one per child per window (ARCHITECTURE §5). */
@Entity('alert_states')
export class AlertState {
  @PrimaryColumn({ name: 'child_uid', type: 'varchar', length: 128 })
  childUid: string;

  @Column({ name: 'last_sent_at', type: 'datetime', nullable: true })
  lastSentAt: Date | null;

  /** Flagged items since the last mail that were not yet mailed. */
  @Column({ name: 'pending_count', type: 'int', default: 0 })
  pendingCount: number;
}
