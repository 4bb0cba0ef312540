// Direct database access for the benchmark: a throwaway MariaDB database or a temporary SQLite
// file, the log-row check, the bulk seeding and EXPLAIN.
import path from 'node:path';
import { requireServer } from './util.mjs';

export class MariaDb {
  kind = 'mariadb';

  constructor(adminUrl) {
    this.adminUrl = adminUrl;
    this.name = `sprout_bench_${process.pid}_${Date.now().toString(36)}`;
    const url = new URL(adminUrl);
    url.pathname = `/${this.name}`;
    this.url = url.toString();
    this.mysql = requireServer('mysql2/promise');
  }

  async create() {
    const admin = await this.mysql.createConnection(this.adminUrl);
    try {
      await admin.query(
        `CREATE DATABASE \`${this.name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      );
      this.created = true;
      const [[row]] = await admin.query('SELECT VERSION() AS v');
      this.version = row.v;
    } finally {
      await admin.end();
    }
  }

  async open() {
    this.conn = await this.mysql.createConnection({ uri: this.url, timezone: 'Z' });
  }

  async close() {
    await this.conn?.end();
    this.conn = null;
  }

  async query(sql, params = []) {
    const [rows] = await this.conn.query(sql, params);
    return rows;
  }

  async drop() {
    await this.close().catch(() => undefined);
    if (!this.created) return;
    const admin = await this.mysql.createConnection(this.adminUrl);
    try {
      await admin.query(`DROP DATABASE IF EXISTS \`${this.name}\``);
      this.created = false;
    } finally {
      await admin.end();
    }
  }

  /** Inserts rows (arrays in `columns` order) with multi-row INSERTs in transactions. */
  async bulkInsert(table, columns, rows, batch = 2000) {
    const sql = `INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`;
    await this.conn.query('SET SESSION unique_checks = 0');
    await this.conn.beginTransaction();
    for (let i = 0; i < rows.length; i += batch) {
      await this.conn.query(sql, [rows.slice(i, i + batch)]);
    }
    await this.conn.commit();
    await this.conn.query('SET SESSION unique_checks = 1');
  }

  /**
   * After a bulk load: fresh index statistics (InnoDB recalculates them by itself after a 10%
   * change, in the background) and the dirty pages written out, so that the measurement sees
   * a database in its steady state rather than one still flushing the load.
   */
  async settle(timeoutMs = 120_000) {
    await this.query('ANALYZE TABLE chat_logs, children, parents');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await this.query("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'");
      const dirty = Number(row.Value);
      if (dirty < 1000 || Date.now() > deadline) return dirty;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  /** A value for a datetime(3) column (UTC, as TypeORM writes it with timezone 'Z'). */
  datetime(ms) {
    return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  }

  interpretPlan(rows) {
    const plan = rows.map((r) => ({
      table: r.table,
      type: r.type,
      key: r.key,
      rows: r.rows,
      extra: r.Extra,
    }));
    // A derived table (a subquery in FROM, such as the stats' UNION ALL) is the few rows its
    // parts produced: only the reads of real tables must go through an index.
    const usesIndex = plan
      .filter((r) => !/^<(derived|union)/.test(r.table ?? ''))
      .every((r) => r.key !== null && r.type !== 'ALL');
    return { plan, usesIndex };
  }

  describe() {
    return `MariaDB ${this.version ?? ''}`.trim();
  }
}

export class SqliteDb {
  kind = 'sqlite';

  constructor(dataDir) {
    this.file = path.join(dataDir, 'sprout.sqlite');
    this.Database = requireServer('better-sqlite3');
  }

  async create() {}

  async open() {
    this.db = new this.Database(this.file);
    this.db.pragma('busy_timeout = 5000');
    this.version = this.db.prepare('SELECT sqlite_version() AS v').get().v;
  }

  async close() {
    this.db?.close();
    this.db = null;
  }

  async query(sql, params = []) {
    const stmt = this.db.prepare(sql);
    return stmt.reader ? stmt.all(...params) : stmt.run(...params);
  }

  async drop() {
    await this.close();
  }

  /** Inserts rows in one transaction with a prepared multi-row statement. */
  async bulkInsert(table, columns, rows, batch = 100) {
    const one = `(${columns.map(() => '?').join(', ')})`;
    const sql = (n) =>
      `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${Array(n)
        .fill(one)
        .join(', ')}`;
    const full = this.db.prepare(sql(batch));
    const insert = this.db.transaction((all) => {
      let i = 0;
      for (; i + batch <= all.length; i += batch) full.run(all.slice(i, i + batch).flat());
      if (i < all.length) this.db.prepare(sql(all.length - i)).run(all.slice(i).flat());
    });
    this.db.pragma('synchronous = OFF');
    insert(rows);
    this.db.pragma('synchronous = NORMAL');
  }

  /** TypeORM stores SQLite datetimes as UTC text 'YYYY-MM-DD HH:MM:SS.mmm'. */
  datetime(ms) {
    return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  }

  interpretPlan(rows) {
    const plan = rows.map((r) => r.detail);
    // A co-routine (a subquery in FROM, such as the stats' UNION ALL) is scanned as the few rows
    // its parts produced: only the reads of real tables must go through an index.
    const coroutines = new Set(
      plan.map((d) => /^CO-ROUTINE (\S+)/.exec(d)?.[1]).filter((name) => name !== undefined),
    );
    const usesIndex = plan
      .filter((d) => /^(SCAN|SEARCH)\b/.test(d) && !coroutines.has(d.split(' ')[1]))
      .every((d) => /USING (COVERING )?INDEX|USING (INTEGER )?PRIMARY KEY/.test(d));
    return { plan, usesIndex };
  }

  describe() {
    return `SQLite ${this.version ?? ''} (better-sqlite3, WAL)`.trim();
  }
}
