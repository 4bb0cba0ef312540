import { Column, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Our own record of a parent's subscription, kept in step with Stripe by webhooks. */
@Entity('subscriptions')
export class Subscription {
  @PrimaryColumn({ name: 'parent_uid', type: 'varchar', length: 128 })
  parentUid: string;

  @Column({ type: 'varchar', length: 32 })
  status: string;

  @Column({ name: 'plan_nickname', type: 'varchar', length: 120, nullable: true })
  planNickname: string | null;

  @Column({ name: 'trial_end', type: 'datetime', nullable: true })
  trialEnd: Date | null;

  @Column({ name: 'current_period_end', type: 'datetime', nullable: true })
  currentPeriodEnd: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  @Column({ name: 'canceled_at', type: 'datetime', nullable: true })
  canceledAt: Date | null;

  @Index('idx_subscriptions_stripe')
  @Column({ name: 'stripe_subscription_id', type: 'varchar', length: 255, nullable: true })
  stripeSubscriptionId: string | null;

  /** Creation time (epoch seconds) of the Stripe event last applied; older events are ignored. */
  @Column({
    name: 'stripe_event_created',
    type: 'bigint',
    nullable: true,
    transformer: {
      to: (v: number | null) => v,
      from: (v: string | number | null) => (v === null ? null : Number(v)),
    },
  })
  stripeEventCreated: number | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime' })
  updatedAt: Date;
}
