// The whole product for browser tests: the Auth emulator, the server (scripted AI, SQLite or
// MYSQL_URL, the demo family) and real nginx in front with the production routes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startAuthEmulator, stopProcess } from '../../scripts/lib/emulator.mjs';

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500 || res.status === 503) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export async function startStack({ env = {} } = {}) {
  for (const app of ['parents-web', 'kids-web', 'admin-web']) {
    if (!fs.existsSync(path.join(ROOT, app, 'dist/index.html')))
      throw new Error(`${app} is not built: run npm run build`);
  }
  if (!fs.existsSync(path.join(ROOT, 'server/dist/main.js')))
    throw new Error('the server is not built: run npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-e2e-'));
  const stops = [];
  try {
    let emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    if (!emulatorHost) {
      const emulator = await startAuthEmulator({
        port: await freePort(),
        projectId: 'demo-sprout',
        workDir: path.join(dataDir, 'emulator'),
      });
      stops.push(emulator.stop);
      emulatorHost = emulator.host;
    }
    const serverPort = await freePort();
    const publicPort = await freePort();
    const logs = [];
    const server = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        MYSQL_URL: '',
        NODE_ENV: 'test',
        PORT: String(serverPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${publicPort}`,
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        FIREBASE_PROJECT_ID: 'demo-sprout',
        AI_PROVIDER: 'scripted',
        AI_SCRIPTED_DELAY_MS: '5',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout.on('data', (d) => logs.push(d.toString()));
    server.stderr.on('data', (d) => logs.push(d.toString()));
    stops.push(() => stopProcess(server, 'SIGTERM'));
    await waitFor(`http://127.0.0.1:${serverPort}/api/health-check`);

    const { startNginx, findNginx } = await import('../../scripts/nginx.mjs');
    if (!findNginx()) throw new Error('nginx is not installed (apt-get install -y nginx-light)');
    const nginx = await startNginx({
      port: publicPort,
      upstreams: [`127.0.0.1:${serverPort}`],
      prefix: path.join(dataDir, 'nginx'),
      roots: {
        parents: path.join(ROOT, 'parents-web/dist'),
        kids: path.join(ROOT, 'kids-web/dist'),
        admin: path.join(ROOT, 'admin-web/dist'),
      },
      authEmulator: emulatorHost,
    });
    stops.push(() => stopProcess(nginx, 'SIGQUIT'));
    const baseUrl = `http://127.0.0.1:${publicPort}`;
    await waitFor(`${baseUrl}/api/health-check`);
    return {
      baseUrl,
      dataDir,
      emulatorHost,
      serverLogs: () => logs.join(''),
      async stop() {
        for (const stop of stops.reverse()) await stop().catch(() => undefined);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    throw error;
  }
}
