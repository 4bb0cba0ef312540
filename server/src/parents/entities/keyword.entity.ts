import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('keywords')
export class Keyword {
  @PrimaryColumn({ name: 'parent_uid', type: 'varchar', length: 128 })
  parentUid: string;

  @PrimaryColumn({ type: 'varchar', length: 50 })
  keyword: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt: Date;
}
