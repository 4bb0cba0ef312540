#!/usr/bin/env node
// `npm start`: the whole product on embedded defaults (ARCHITECTURE §2): the Auth emulator, the
// server on SQLite with the demo family, and the three apps on one port. `--nginx` puts real nginx
// in front (`npm run start:nginx`). Ctrl-C stops everything this started.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, startAuthEmulator, stopProcess } from './lib/emulator.mjs';

const withNginx = process.argv.includes('--nginx');
const env = { ...process.env };
const port = Number(env.PORT || 8080);
const dataDir = path.resolve(ROOT, env.DATA_DIR || 'data');
const publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
const say = (msg) => process.stdout.write(`[sprout] ${msg}\n`);
const children = [];
let stopping = false;

async function main() {
  fs.mkdirSync(dataDir, { recursive: true });
  buildMissing();

  let emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost && !env.GOOGLE_APPLICATION_CREDENTIALS) {
    say('starting the Firebase Auth emulator (accounts kept in data/auth)...');
    const emulator = await startAuthEmulator({
      port: Number(env.AUTH_EMULATOR_PORT || 9099),
      projectId: env.FIREBASE_PROJECT_ID || 'demo-sprout',
      workDir: path.join(dataDir, 'emulator'),
      dataDir: path.join(dataDir, 'auth'),
    });
    children.push({ name: 'auth emulator', stop: emulator.stop, process: emulator.process });
    emulatorHost = emulator.host;
  }

  const serverPort = withNginx ? port + 1 : port;
  say(
    `starting the server${withNginx ? ` on ${serverPort} behind nginx` : ''} (SQLite in ${path.relative(ROOT, dataDir) || '.'}${env.MYSQL_URL ? ', MySQL' : ''})...`,
  );
  const server = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(serverPort),
      HOST: withNginx ? '127.0.0.1' : env.HOST || '0.0.0.0',
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      SEED_DEMO: env.SEED_DEMO ?? (emulatorHost ? 'true' : 'false'),
      ...(emulatorHost ? { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } : {}),
      ...(withNginx ? {} : { STATIC_DIR: ROOT }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push({ name: 'server', process: server, stop: () => stopProcess(server, 'SIGTERM') });
  server.on('exit', (code) => {
    if (!stopping) {
      say(`the server stopped (exit ${code}).`);
      void shutdown(code || 1);
    }
  });
  await waitForHealth(`http://127.0.0.1:${serverPort}/api/health-check`);

  if (withNginx) {
    const { startNginx, installNginxIfMissing } = await import('./nginx.mjs');
    await installNginxIfMissing();
    const nginx = await startNginx({
      port,
      upstreams: [`127.0.0.1:${serverPort}`],
      prefix: path.join(dataDir, 'nginx'),
      roots: {
        parents: path.join(ROOT, 'parents-web/dist'),
        kids: path.join(ROOT, 'kids-web/dist'),
        admin: path.join(ROOT, 'admin-web/dist'),
      },
      // The browser talks to the emulator directly: the CSP allows exactly its origin.
      authEmulator: emulatorHost || null,
    });
    children.push({ name: 'nginx', process: nginx, stop: () => stopProcess(nginx, 'SIGQUIT') });
    nginx.on('exit', (code) => {
      if (!stopping) {
        say(`nginx stopped (exit ${code}); its log is in ${path.join(dataDir, 'nginx', 'logs')}.`);
        void shutdown(code || 1);
      }
    });
    await waitForHealth(`http://127.0.0.1:${port}/api/health-check`);
  }

  say('');
  say(`Sprout is running: open ${publicUrl}`);
  if (emulatorHost) {
    say('Demo logins (embedded mode only):');
    say('  parent  parent@demo.sprout.test / sprout-parent   ' + `${publicUrl}/parents/login`);
    say('  child   demo-kid / sprout-kid                     ' + `${publicUrl}/kids/login`);
    say('  admin   admin@demo.sprout.test / sprout-admin     ' + `${publicUrl}/admin`);
  }
  say('Press Ctrl-C to stop.');
}

function buildMissing() {
  const steps = [
    ['@sprout/shared', 'shared/dist/index.js'],
    ['@sprout/server', 'server/dist/main.js'],
    ['@sprout/parents-web', 'parents-web/dist/index.html'],
    ['@sprout/kids-web', 'kids-web/dist/index.html'],
    ['@sprout/admin-web', 'admin-web/dist/index.html'],
  ];
  for (const [workspace, output] of steps) {
    if (fs.existsSync(path.join(ROOT, output)) && !process.argv.includes('--rebuild')) continue;
    say(`building ${workspace} (first start only)...`);
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
      cwd: ROOT,
      stdio: 'inherit',
      env,
    });
    if (result.status !== 0) {
      say(`building ${workspace} failed.`);
      process.exit(1);
    }
  }
}

async function waitForHealth(url) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status === 200 || res.status === 503) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url} within 180 s`);
}

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  say('stopping...');
  for (const child of [...children].reverse()) {
    await child.stop().catch(() => undefined);
  }
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
main().catch(async (error) => {
  say(error instanceof Error ? error.message : String(error));
  await shutdown(1);
});
