import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';

const TABLE = 'chat_logs';

interface IndexSpec {
  name: string;
  columnNames: string[];
}

/** Indexes this migration adds, each with the one it replaces (null: a new one). */
const CHANGES: readonly { add: IndexSpec; replaces: IndexSpec | null }[] = [
  {
    // Stats read mode and flagged from the index alone; `id` after created_at keeps the log
    // pages' order (created_at DESC, id DESC) an index scan, as the index it replaces did.
    add: {
      name: 'idx_chat_logs_child_created_id_mode_flagged',
      columnNames: ['child_uid', 'created_at', 'id', 'mode', 'flagged'],
    },
    replaces: {
      name: 'idx_chat_logs_child_created',
      columnNames: ['child_uid', 'created_at'],
    },
  },
  {
    // A mode filter, with or without a status, pages in index order and tests `flagged` in the
    // index: the count and the page read no rows.
    add: {
      name: 'idx_chat_logs_child_mode_created_id_flagged',
      columnNames: ['child_uid', 'mode', 'created_at', 'id', 'flagged'],
    },
    replaces: {
      name: 'idx_chat_logs_child_mode_created',
      columnNames: ['child_uid', 'mode', 'created_at'],
    },
  },
  {
    // The retention purge finds old rows without scanning the table.
    add: { name: 'idx_chat_logs_created', columnNames: ['created_at'] },
    replaces: null,
  },
];

/**
 * Covering indexes for the parent dashboard and an index for the retention purge
 * (docs/performance.md, fixes 5, 6 and 8). Each new index exists before the one it replaces is
 * dropped, so the dashboard never runs without one.
 */
export class ChatLogCoveringIndexes1763900000000 implements MigrationInterface {
  name = 'ChatLogCoveringIndexes1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const { add, replaces } of CHANGES) {
      await queryRunner.createIndex(TABLE, new TableIndex(add));
      if (replaces) await queryRunner.dropIndex(TABLE, replaces.name);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { add, replaces } of [...CHANGES].reverse()) {
      if (replaces) await queryRunner.createIndex(TABLE, new TableIndex(replaces));
      await queryRunner.dropIndex(TABLE, add.name);
    }
  }
}
