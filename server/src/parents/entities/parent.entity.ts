import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('parents')
export class Parent {
  /** The Firebase uid. */
  @PrimaryColumn({ type: 'varchar', length: 128 })
  uid: string;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ name: 'accepted_terms_at', type: 'datetime', nullable: true })
  acceptedTermsAt: Date | null;

  @Column({ name: 'email_notifications', type: 'boolean', default: true })
  emailNotifications: boolean;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255, nullable: true })
  stripeCustomerId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;
}
