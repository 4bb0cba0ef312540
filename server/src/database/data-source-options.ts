import path from 'node:path';
import fs from 'node:fs';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** SQLite for the embedded default, MySQL/MariaDB when MYSQL_URL is set (ARCHITECTURE §2). */
export function dataSourceOptions(config: AppConfig): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: true,
    synchronize: false,
    logging: false,
  } as const;
  if (config.mysqlUrl) {
    return {
      ...common,
      type: 'mysql',
      url: config.mysqlUrl,
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      dateStrings: false,
      extra: { connectionLimit: 20, enableKeepAlive: true },
    };
  }
  fs.mkdirSync(path.dirname(config.sqlitePath), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: config.sqlitePath,
    enableWAL: true,
    prepareDatabase: (db: { pragma: (sql: string) => unknown }) => {
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
      db.pragma('synchronous = NORMAL');
    },
  };
}
