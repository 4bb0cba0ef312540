module.exports = async function globalTeardown() {
  if (globalThis.__SPROUT_TEST_DB__) {
    const mysql = require('mysql2/promise');
    const url = new URL(process.env.SPROUT_TEST_MYSQL_ORIGINAL);
    const admin = await mysql.createConnection({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    });
    await admin.query(`DROP DATABASE IF EXISTS \`${globalThis.__SPROUT_TEST_DB__}\``);
    await admin.end();
  }
  if (globalThis.__SPROUT_EMULATOR__) await globalThis.__SPROUT_EMULATOR__.stop();
};
