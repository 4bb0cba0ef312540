import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { ChildMode, FilterLevel } from '@sprout/shared';

@Entity('children')
export class Child {
  /** The child's Firebase uid. */
  @PrimaryColumn({ type: 'varchar', length: 128 })
  uid: string;

  @Index('idx_children_parent')
  @Column({ name: 'parent_uid', type: 'varchar', length: 128 })
  parentUid: string;

  /** Unique across the service, lowercase, never changes. */
  @Index('uq_children_username', { unique: true })
  @Column({ type: 'varchar', length: 30 })
  username: string;

  @Column({ type: 'int', nullable: true })
  age: number | null;

  @Column({ type: 'varchar', length: 16, default: 'moderate' })
  filter: FilterLevel;

  @Column({ name: 'allowed_modes', type: 'simple-json' })
  allowedModes: ChildMode[];

  @Column({ name: 'preferred_voice_uri', type: 'varchar', length: 512, nullable: true })
  preferredVoiceUri: string | null;

  @Column({ name: 'auto_read_web', type: 'boolean', default: false })
  autoReadWeb: boolean;

  @Column({ name: 'auto_read_mobile', type: 'boolean', default: false })
  autoReadMobile: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;
}
