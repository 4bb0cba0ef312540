import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { AppConfig } from '../src/config/app-config';
import { dataSourceOptions } from '../src/database/data-source-options';

const INITIAL_INDEXES = {
  idx_chat_logs_child_created: ['child_uid', 'created_at'],
  idx_chat_logs_child_flagged_created: ['child_uid', 'flagged', 'created_at'],
  idx_chat_logs_child_mode_created: ['child_uid', 'mode', 'created_at'],
  idx_chat_logs_parent: ['parent_uid'],
};

const COVERING_INDEXES = {
  idx_chat_logs_child_created_id_mode_flagged: ['child_uid', 'created_at', 'id', 'mode', 'flagged'],
  idx_chat_logs_child_flagged_created: ['child_uid', 'flagged', 'created_at'],
  idx_chat_logs_child_mode_created_id_flagged: ['child_uid', 'mode', 'created_at', 'id', 'flagged'],
  idx_chat_logs_created: ['created_at'],
  idx_chat_logs_parent: ['parent_uid'],
};

/**
 * Every migration up and down on a database of its own: SQLite, or a throwaway database on the
 * MySQL/MariaDB server of MYSQL_URL.
 */
describe('migrations', () => {
  let db: DataSource;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (process.env.MYSQL_URL) {
      const mysql = await import('mysql2/promise');
      const url = new URL(process.env.MYSQL_URL);
      const name = `${url.pathname.slice(1)}_migrations`;
      const admin = await mysql.createConnection({
        host: url.hostname,
        port: Number(url.port || 3306),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
      });
      await admin.query(
        `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      );
      url.pathname = `/${name}`;
      db = new DataSource({
        ...dataSourceOptions(new AppConfig({ NODE_ENV: 'test', MYSQL_URL: url.toString() })),
        migrationsRun: false,
      });
      cleanup = async () => {
        await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await admin.end();
      };
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-migrations-'));
      db = new DataSource({
        ...dataSourceOptions(new AppConfig({ NODE_ENV: 'test', DATA_DIR: dir })),
        migrationsRun: false,
      });
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    await db.initialize();
  });

  afterAll(async () => {
    await db.destroy();
    await cleanup();
  });

  async function chatLogIndexes(): Promise<Record<string, string[]>> {
    const runner = db.createQueryRunner();
    try {
      const table = await runner.getTable('chat_logs');
      return Object.fromEntries(
        (table?.indices ?? [])
          .map((index) => [index.name!, index.columnNames] as const)
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    } finally {
      await runner.release();
    }
  }

  async function insertLog(createdAt: string, flagged = false, mode = 'Learn') {
    await db.query(
      'INSERT INTO chat_logs (child_uid, parent_uid, created_at, mode, prompt_text, flagged) VALUES (?, ?, ?, ?, ?, ?)',
      ['kid', 'parent', createdAt, mode, 'hi', flagged],
    );
  }

  async function days(): Promise<Record<string, unknown>[]> {
    const rows: Record<string, unknown>[] = await db.query(
      'SELECT child_uid, day_utc, learn_prompts, play_prompts, flagged_prompts FROM chat_log_days ORDER BY day_utc',
    );
    return rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [
          k,
          typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v,
        ]),
      ),
    );
  }

  it('runs every migration up, and down again to an empty database', async () => {
    await db.runMigrations({ transaction: 'each' });
    expect(await chatLogIndexes()).toEqual(COVERING_INDEXES);
    await insertLog('2026-11-23 10:00:00.000');
    await insertLog('2026-11-23 23:59:59.999', true);
    await insertLog('2026-11-24 00:00:00.000', false, 'Play');

    // The per-day counts are built from the rows already there.
    await db.undoLastMigration({ transaction: 'each' });
    await db.runMigrations({ transaction: 'each' });
    expect(await days()).toEqual([
      {
        child_uid: 'kid',
        day_utc: '2026-11-23',
        learn_prompts: 2,
        play_prompts: 0,
        flagged_prompts: 1,
      },
      {
        child_uid: 'kid',
        day_utc: '2026-11-24',
        learn_prompts: 0,
        play_prompts: 1,
        flagged_prompts: 0,
      },
    ]);

    await db.undoLastMigration({ transaction: 'each' });
    await db.undoLastMigration({ transaction: 'each' });
    expect(await chatLogIndexes()).toEqual(INITIAL_INDEXES);

    await db.runMigrations({ transaction: 'each' });
    expect(await chatLogIndexes()).toEqual(COVERING_INDEXES);
    const [{ n }] = await db.query('SELECT COUNT(*) AS n FROM chat_logs');
    expect(Number(n)).toBe(3);

    for (let i = 0; i < 3; i++) await db.undoLastMigration({ transaction: 'each' });
    const runner = db.createQueryRunner();
    try {
      expect(await runner.hasTable('chat_logs')).toBe(false);
      expect(await runner.hasTable('chat_log_days')).toBe(false);
    } finally {
      await runner.release();
    }
    await db.runMigrations({ transaction: 'each' });
    expect(await chatLogIndexes()).toEqual(COVERING_INDEXES);
  });
});
