// Shared helpers: ports, child processes, percentiles, logging.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as hdr from 'hdr-histogram-js';
import { stopProcess } from '../../scripts/lib/emulator.mjs';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(BENCH_DIR, '..');
export const SERVER_DIR = path.join(ROOT, 'server');

/**
 * Runs a benchmark helper process's HTTP server: a free port on 127.0.0.1, printed as one JSON
 * line for the parent to read, and a clean stop on SIGTERM.
 */
export function serveChild(server) {
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
  });
  process.on('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}

/** Loads modules the way the server does (its own dependencies and its dist/ output). */
export const requireServer = createRequire(path.join(SERVER_DIR, 'package.json'));

export { stopProcess };

const started = Date.now();
export function log(message) {
  const s = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
  process.stdout.write(`[bench ${s}s] ${message}\n`);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port that was free a moment ago (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A port p with p+1 and p+2 free as well (the Auth emulator's hub and logging ports). */
export async function freePortRun(count = 3) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    let ok = true;
    for (let i = 0; i < count && ok; i++) ok = await portIsFree(base + i);
    if (ok) return base;
  }
  throw new Error('No run of free ports found');
}

/** Every process the benchmark started, so that all of them are stopped whatever happens. */
const children = new Set();

/**
 * Starts a node script as its own process group (niced like the benchmark itself when
 * the caller asks), keeping the last output for error messages.
 */
export function startNode(args, { env = {}, cwd = ROOT, name, onLine } = {}) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  child.benchName = name ?? args[0];
  let tail = '';
  const onData = (data) => {
    const text = data.toString();
    tail = (tail + text).slice(-4000);
    if (onLine) for (const line of text.split('\n')) if (line.trim()) onLine(line);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.output = () => tail;
  track(child);
  return child;
}

export function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export async function stopAll() {
  await Promise.all([...children].map((c) => stopProcess(c)));
}

/** A latency histogram in microseconds, read in milliseconds. */
export class Histogram {
  constructor() {
    this.h = hdr.build({
      lowestDiscernibleValue: 1,
      highestTrackableValue: 600_000_000,
      numberOfSignificantValueDigits: 3,
    });
    this.count = 0;
  }

  recordMs(ms) {
    this.h.recordValue(Math.max(1, Math.round(ms * 1000)));
    this.count++;
  }

  at(percentile) {
    return round(this.h.getValueAtPercentile(percentile) / 1000);
  }

  summary() {
    return {
      p50: this.at(50),
      p95: this.at(95),
      p99: this.at(99),
      mean: round(this.h.mean / 1000),
      max: round(this.h.maxValue / 1000),
      count: this.count,
    };
  }
}

export const round = (x, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/** Runs `worker(i)` on `concurrency` lanes until `total` jobs are done. */
export async function runPool(total, concurrency, worker) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, total) }, async () => {
    while (next < total) {
      const i = next++;
      await worker(i);
    }
  });
  await Promise.all(lanes);
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    memory_gb: round(os.totalmem() / 1024 ** 3, 1),
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    load_average_at_start: os.loadavg().map((x) => round(x, 2)),
  };
}
