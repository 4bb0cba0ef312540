import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * The whole schema of ARCHITECTURE §3, written with the QueryRunner schema API so that one
 * migration runs on SQLite and MySQL/MariaDB alike.
 */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type === 'mysql';
    const uid = (name: string, extra: object = {}) => ({
      name,
      type: 'varchar',
      length: '128',
      ...extra,
    });
    const datetime = (name: string, nullable = false) => ({
      name,
      type: 'datetime',
      precision: mysql ? 3 : undefined,
      isNullable: nullable,
    });
    const now = mysql ? 'CURRENT_TIMESTAMP(3)' : "(strftime('%Y-%m-%d %H:%M:%f', 'now'))";

    await queryRunner.createTable(
      new Table({
        name: 'parents',
        columns: [
          uid('uid', { isPrimary: true }),
          { name: 'email', type: 'varchar', length: '320' },
          datetime('accepted_terms_at', true),
          { name: 'email_notifications', type: 'boolean', default: mysql ? 1 : 1 },
          { name: 'stripe_customer_id', type: 'varchar', length: '255', isNullable: true },
          { ...datetime('created_at'), default: now },
        ],
        indices: [
          { name: 'idx_parents_email', columnNames: ['email'] },
          { name: 'idx_parents_stripe_customer', columnNames: ['stripe_customer_id'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'children',
        columns: [
          uid('uid', { isPrimary: true }),
          uid('parent_uid'),
          { name: 'username', type: 'varchar', length: '30' },
          { name: 'age', type: 'int', isNullable: true },
          { name: 'filter', type: 'varchar', length: '16', default: "'moderate'" },
          { name: 'allowed_modes', type: 'text' },
          { name: 'preferred_voice_uri', type: 'varchar', length: '512', isNullable: true },
          { name: 'auto_read_web', type: 'boolean', default: 0 },
          { name: 'auto_read_mobile', type: 'boolean', default: 0 },
          { ...datetime('created_at'), default: now },
        ],
        indices: [
          { name: 'idx_children_parent', columnNames: ['parent_uid'] },
          { name: 'uq_children_username', columnNames: ['username'], isUnique: true },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'keywords',
        columns: [
          uid('parent_uid', { isPrimary: true }),
          { name: 'keyword', type: 'varchar', length: '50', isPrimary: true },
          { ...datetime('created_at'), default: now },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'subscriptions',
        columns: [
          uid('parent_uid', { isPrimary: true }),
          { name: 'status', type: 'varchar', length: '32' },
          { name: 'plan_nickname', type: 'varchar', length: '120', isNullable: true },
          datetime('trial_end', true),
          datetime('current_period_end', true),
          { name: 'cancel_at_period_end', type: 'boolean', default: 0 },
          datetime('canceled_at', true),
          { name: 'stripe_subscription_id', type: 'varchar', length: '255', isNullable: true },
          { name: 'stripe_event_created', type: 'bigint', isNullable: true },
          { ...datetime('updated_at'), default: now },
        ],
        indices: [{ name: 'idx_subscriptions_stripe', columnNames: ['stripe_subscription_id'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'billing_events',
        columns: [
          { name: 'id', type: 'varchar', length: '255', isPrimary: true },
          { name: 'type', type: 'varchar', length: '100' },
          { ...datetime('created_at'), default: now },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'chat_logs',
        columns: [
          {
            name: 'id',
            type: mysql ? 'bigint' : 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          uid('child_uid'),
          uid('parent_uid'),
          datetime('created_at'),
          { name: 'mode', type: 'varchar', length: '16' },
          { name: 'prompt_text', type: 'text' },
          { name: 'response_text', type: mysql ? 'mediumtext' : 'text', isNullable: true },
          { name: 'flagged', type: 'boolean', default: 0 },
          { name: 'parent_reviewed', type: 'boolean', default: 0 },
          { name: 'reason', type: 'varchar', length: '500', isNullable: true },
          { name: 'categories', type: 'text', isNullable: true },
          { name: 'severity', type: 'varchar', length: '16', isNullable: true },
          { name: 'outcome', type: 'varchar', length: '16', default: "'answered'" },
          { name: 'error', type: 'varchar', length: '500', isNullable: true },
        ],
      }),
    );
    await queryRunner.createIndices('chat_logs', [
      new TableIndex({
        name: 'idx_chat_logs_child_created',
        columnNames: ['child_uid', 'created_at'],
      }),
      new TableIndex({
        name: 'idx_chat_logs_child_flagged_created',
        columnNames: ['child_uid', 'flagged', 'created_at'],
      }),
      new TableIndex({
        name: 'idx_chat_logs_child_mode_created',
        columnNames: ['child_uid', 'mode', 'created_at'],
      }),
      new TableIndex({ name: 'idx_chat_logs_parent', columnNames: ['parent_uid'] }),
    ]);
    await queryRunner.createTable(
      new Table({
        name: 'alert_states',
        columns: [
          uid('child_uid', { isPrimary: true }),
          datetime('last_sent_at', true),
          { name: 'pending_count', type: 'int', default: 0 },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'feedback',
        columns: [
          {
            name: 'id',
            type: mysql ? 'int' : 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          uid('parent_uid'),
          { name: 'type', type: 'varchar', length: '16' },
          { name: 'content', type: 'text' },
          { name: 'context', type: 'text', isNullable: true },
          { ...datetime('created_at'), default: now },
        ],
        indices: [{ name: 'idx_feedback_parent', columnNames: ['parent_uid'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'feedback',
      'alert_states',
      'chat_logs',
      'billing_events',
      'subscriptions',
      'keywords',
      'children',
      'parents',
    ]) {
      await queryRunner.dropTable(table);
    }
  }
}
