// Starts what the integration tests need when the caller did not: the Auth emulator and, when
// MYSQL_URL is set, a throwaway database on that server (dropped again in global-teardown.js).
const path = require('node:path');
const os = require('node:os');
const fs = require('node:fs');

module.exports = async function globalSetup() {
  const root = path.resolve(__dirname, '../..');
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    const { startAuthEmulator } = await import(path.join(root, 'scripts/lib/emulator.mjs'));
    const port = Number(process.env.TEST_AUTH_EMULATOR_PORT || 9199);
    const emulator = await startAuthEmulator({
      port,
      projectId: 'demo-sprout',
      workDir: fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-emulator-')),
    });
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    globalThis.__SPROUT_EMULATOR__ = emulator;
  }
  if (process.env.MYSQL_URL && process.env.MYSQL_URL !== '') {
    const mysql = require('mysql2/promise');
    const url = new URL(process.env.MYSQL_URL);
    const name = `sprout_it_${process.pid}_${Date.now().toString(36)}`;
    const admin = await mysql.createConnection({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    });
    await admin.query(
      `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    await admin.end();
    url.pathname = `/${name}`;
    process.env.SPROUT_TEST_MYSQL_ORIGINAL = process.env.MYSQL_URL;
    process.env.MYSQL_URL = url.toString();
    globalThis.__SPROUT_TEST_DB__ = name;
  }
};
