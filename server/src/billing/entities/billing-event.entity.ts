import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Stripe events already applied: a replayed webhook changes nothing. */
@Entity('billing_events')
export class BillingEvent {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'varchar', length: 100 })
  type: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;
}
