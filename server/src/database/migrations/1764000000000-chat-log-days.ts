import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import {
  COUNT_COLUMNS,
  DAYS_TABLE,
  buildDaysSql,
  databaseKind,
} from '../../chat-logs/daily-counts';

/**
 * chat_log_days: each child's prompts per UTC day and mode, and the flagged ones, for the stats
 * (docs/performance.md, fix 13); built here from the rows chat_logs already holds.
 */
export class ChatLogDays1764000000000 implements MigrationInterface {
  name = 'ChatLogDays1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: DAYS_TABLE,
        columns: [
          { name: 'child_uid', type: 'varchar', length: '128', isPrimary: true },
          { name: 'day_utc', type: 'varchar', length: '10', isPrimary: true },
          ...COUNT_COLUMNS.map((name) => ({ name, type: 'int', default: 0 })),
        ],
        indices: [{ name: 'idx_chat_log_days_day', columnNames: ['day_utc'] }],
      }),
    );
    await queryRunner.query(buildDaysSql(databaseKind(queryRunner.connection.options.type), false));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable(DAYS_TABLE);
  }
}
