#!/usr/bin/env node
// `npm test`: every tier a change can break (ARCHITECTURE §10), in order, stopping at the first
// failure. Integration tests run on SQLite, and again on MySQL/MariaDB when MYSQL_URL is set.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startAuthEmulator } from './lib/emulator.mjs';

const only = process.argv.slice(2);

class StepFailed extends Error {}
const results = [];
let emulator = null;

function run(name, command, args, extraEnv = {}) {
  if (only.length && !only.some((o) => name.startsWith(o))) return;
  process.stdout.write(`\n=== ${name} ===\n`);
  const started = Date.now();
  const res = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: res.status === 0, seconds });
  if (res.status !== 0) throw new StepFailed(name);
}

async function finish(code) {
  if (emulator) await emulator.stop();
  process.stdout.write('\n=== summary ===\n');
  for (const r of results)
    process.stdout.write(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds} s)\n`);
  process.exit(code);
}

async function main() {
  run('check (format, lint, types)', 'npm', ['run', 'check']);
  run('unit tests', 'npm', ['run', 'test:unit']);

  const env = {};
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    emulator = await startAuthEmulator({
      port: Number(process.env.TEST_AUTH_EMULATOR_PORT || 9199),
      projectId: 'demo-sprout',
      workDir: fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-emulator-')),
    });
    env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  }
  run('integration tests (SQLite)', 'npm', ['run', 'test:integration'], { ...env, MYSQL_URL: '' });
  if (process.env.MYSQL_URL) {
    run('integration tests (MySQL/MariaDB)', 'npm', ['run', 'test:integration'], env);
  }
  if (fs.existsSync(path.join(ROOT, 'nginx/test'))) {
    run('nginx tests', 'node', ['--test', '--test-concurrency=1', 'nginx/test/']);
  }
  if (fs.existsSync(path.join(ROOT, 'e2e/tests'))) {
    run('build', 'npm', ['run', 'build']);
    run('browser tests (Chromium, whole stack behind nginx)', 'npm', ['run', 'e2e'], env);
  }
  await finish(0);
}

main().catch(async (error) => {
  if (!(error instanceof StepFailed))
    process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  await finish(1);
});
