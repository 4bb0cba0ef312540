// The processes under test: the local OpenAI upstream, the Auth emulator and the Sprout server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAuthEmulator } from '../../scripts/lib/emulator.mjs';
import {
  BENCH_DIR,
  ROOT,
  SERVER_DIR,
  freePort,
  freePortRun,
  log,
  sleep,
  startNode,
  stopProcess,
  track,
} from './util.mjs';

export const PROJECT_ID = 'demo-sprout';

/** A helper process of the benchmark that prints {"port": N} when it listens. */
async function startListening(args, name) {
  const child = startNode(args, { name });
  const port = await new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (data) => {
      buffer += data.toString();
      const match = /\{"port":(\d+)\}/.exec(buffer);
      if (match) {
        child.stdout.off('data', onData);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}): ${child.output()}`)));
  });
  return { port, child };
}

export async function startUpstream({ firstMs, intervalMs }) {
  const { port, child } = await startListening(
    [
      path.join(BENCH_DIR, 'lib', 'upstream-server.mjs'),
      '--first',
      String(firstMs),
      '--interval',
      String(intervalMs),
    ],
    'upstream',
  );
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    origin: `http://127.0.0.1:${port}`,
    process: child,
    stop: () => stopProcess(child),
  };
}

/** The bare pass-through proxy (floor-proxy.mjs) in front of the upstream. */
export async function startFloorProxy(upstreamBaseUrl) {
  const { port, child } = await startListening(
    [path.join(BENCH_DIR, 'lib', 'floor-proxy.mjs'), '--upstream', upstreamBaseUrl],
    'floor proxy',
  );
  return { origin: `http://127.0.0.1:${port}`, process: child, stop: () => stopProcess(child) };
}

export async function startEmulator(workDir) {
  const port = await freePortRun(3);
  const emulator = await startAuthEmulator({
    port,
    projectId: PROJECT_ID,
    workDir: path.join(workDir, 'emulator'),
  });
  track(emulator.process);
  return emulator;
}

/** The newest modification time of the files under `dir` (0 when it does not exist). */
function newestMtime(dir) {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const mtime = fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

/**
 * Builds shared and server when server/dist/main.js is missing (a fresh clone) or everything in
 * server/dist is older than a source file of either, so the benchmark never measures stale code.
 */
export async function ensureServerBuilt() {
  const main = path.join(SERVER_DIR, 'dist', 'main.js');
  const built = fs.existsSync(main) ? newestMtime(path.join(SERVER_DIR, 'dist')) : 0;
  const sources = Math.max(
    newestMtime(path.join(SERVER_DIR, 'src')),
    newestMtime(path.join(ROOT, 'shared', 'src')),
  );
  if (built >= sources) return;
  log(
    built
      ? 'server/dist is older than the sources: building @sprout/shared and @sprout/server'
      : 'server/dist/main.js is missing: building @sprout/shared and @sprout/server',
  );
  for (const ws of ['@sprout/shared', '@sprout/server']) {
    const npm = process.env.npm_execpath;
    const child = npm ? startNode([npm, 'run', 'build', '-w', ws], { name: `build ${ws}` }) : null;
    if (!child) throw new Error('Run the benchmark through npm (npm run bench).');
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`Building ${ws} failed:\n${child.output()}`);
  }
}

/**
 * The server on the benchmark's database: one process, or `replicas` processes started one after
 * the other (the first runs the migrations). `origin` is the first one's; `origins` all of them.
 */
export async function startServer({ replicas = 1, ...options }) {
  const started = [];
  try {
    for (let i = 0; i < replicas; i++) started.push(await startOneServer(options));
  } catch (error) {
    await Promise.all(started.map((s) => s.stop()));
    throw error;
  }
  return {
    origin: started[0].origin,
    origins: started.map((s) => s.origin),
    process: started[0].process,
    stop: () => Promise.all(started.map((s) => s.stop())),
  };
}

/**
 * One server as a child process (node server/dist/main.js) on a free port; resolves when
 * GET /api/health-check answers.
 */
async function startOneServer({
  dataDir,
  emulatorHost,
  upstreamBaseUrl,
  mysqlUrl,
  redisUrl,
  profileDir,
}) {
  const port = await freePort();
  const env = {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    AI_PROVIDER: 'openai',
    OPENAI_BASE_URL: upstreamBaseUrl,
    OPENAI_API_KEY: 'bench',
    MYSQL_URL: mysqlUrl ?? '',
    SQLITE_PATH: '',
    REDIS_URL: redisUrl ?? '',
    STRIPE_SECRET_KEY: '',
    SMTP_URL: '',
    SEED_DEMO: 'false',
    STATIC_DIR: '',
    // The purge would start 60 s after boot, in the middle of a measurement (see docs).
    LOG_RETENTION_DAYS: '0',
    LOG_LEVEL: 'info',
    ...(profileDir
      ? {
          NODE_OPTIONS: `--require ${path.join(BENCH_DIR, 'lib', 'profile-preload.cjs')}`,
          BENCH_PROFILE_DIR: profileDir,
        }
      : {}),
  };
  const child = startNode([path.join(SERVER_DIR, 'dist', 'main.js')], {
    env,
    cwd: ROOT,
    name: 'server',
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The server exited (${child.exitCode}):\n${child.output()}`);
    try {
      const res = await fetch(`${origin}/api/health-check`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`The server did not answer within 90 s:\n${child.output()}`);
    await sleep(250);
  }
  return { origin, process: child, stop: () => stopProcess(child) };
}

export function makeTempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
