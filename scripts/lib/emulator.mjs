// Starts the Firebase Authentication emulator (firebase-tools, auth only, no Java, no network).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FIREBASE_BIN = path.join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');

/**
 * @param {{ port: number, projectId: string, workDir: string, dataDir?: string, log?: (line: string) => void }} options
 * dataDir: accounts are imported from it at start and exported to it on exit (kept across restarts).
 */
export async function startAuthEmulator({ port, projectId, workDir, dataDir, log = () => {} }) {
  fs.mkdirSync(workDir, { recursive: true });
  const configPath = path.join(workDir, 'firebase.json');
  fs.writeFileSync(
    configPath,
    JSON.stringify(
      {
        emulators: {
          auth: { host: '127.0.0.1', port },
          // Own hub and logging ports so that the tests' emulator and `npm start`'s can run side by side.
          hub: { host: '127.0.0.1', port: port + 1 },
          logging: { host: '127.0.0.1', port: port + 2 },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      },
      null,
      2,
    ),
  );
  const args = [
    FIREBASE_BIN,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    projectId,
    '--config',
    configPath,
  ];
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    if (fs.existsSync(path.join(dataDir, 'firebase-export-metadata.json')))
      args.push('--import', dataDir);
    args.push('--export-on-exit', dataDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: workDir,
    env: {
      ...process.env,
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_EXPERIMENTS: '',
      CI: process.env.CI ?? '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  let output = '';
  const onData = (data) => {
    const text = data.toString();
    output += text;
    for (const line of text.split('\n')) if (line.trim()) log(line.trim());
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const host = `127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(
        `The Auth emulator stopped (exit ${child.exitCode}):\n${output.slice(-2000)}`,
      );
    try {
      const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/config`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  if (Date.now() >= deadline) {
    stopProcess(child);
    throw new Error(`The Auth emulator did not start within 120 s:\n${output.slice(-2000)}`);
  }
  return {
    host,
    process: child,
    stop: () => stopProcess(child, 'SIGINT'),
  };
}

/** Stops a process group we started and waits for it to exit. */
export function stopProcess(child, signal = 'SIGTERM') {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid, signal);
    } catch {
      child.kill(signal);
    }
  });
}
