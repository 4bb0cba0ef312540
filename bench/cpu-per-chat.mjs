// CPU time the server spends per chat, from the kernel's account of the server process
// (/proc/<pid>/stat: user + system time, so socket writes count too; Linux only). Unlike the chat
// figures it does not grow when other processes take the CPU. Starts the Auth emulator, the local
// upstream and the server on SQLite, 20 children, 40 chats of warm-up, then measures.
//   node bench/cpu-per-chat.mjs [chats=300] [concurrency=10]
// With BENCH_PROFILE_DIR=dir the server also writes a CPU profile of the whole run there.
// It then measures the bare pass-through proxy (lib/floor-proxy.mjs) the same way, for reference.
import fs from 'node:fs';
import { Agent, request } from 'undici';
import { createFamilies } from './lib/accounts.mjs';
import { tag } from './lib/chat.mjs';
import {
  makeTempDir,
  startEmulator,
  startFloorProxy,
  startServer,
  startUpstream,
} from './lib/stack.mjs';
import { sleep, stopAll } from './lib/util.mjs';

const chats = Number(process.argv[2] ?? 300);
const concurrency = Number(process.argv[3] ?? 10);

function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

try {
  const work = makeTempDir('sprout-cpu-per-chat-');
  const upstream = await startUpstream({ firstMs: 20, intervalMs: 10 });
  const emulator = await startEmulator(work);
  const server = await startServer({
    dataDir: work,
    emulatorHost: emulator.host,
    upstreamBaseUrl: upstream.baseUrl,
    profileDir: process.env.BENCH_PROFILE_DIR,
  });
  const families = await createFamilies({
    origin: server.origin,
    emulatorHost: emulator.host,
    childCount: 20,
    keywords: ['minecraft', 'fortnite', 'roblox', 'tiktok', 'youtube'],
  });
  const agent = new Agent({ connections: 256 });
  let n = 0;
  const chat = async () => {
    const i = n++;
    const child = families.children[i % families.children.length];
    const { statusCode, body } = await request(`${server.origin}/api/kids/chat`, {
      method: 'POST',
      dispatcher: agent,
      headers: { authorization: `Bearer ${child.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        prompt: `Why is the sky blue? ${tag(i)}`,
        mode: 'Learn',
        history: [],
      }),
    });
    const text = await body.text();
    if (statusCode !== 200) throw new Error(`chat ${i}: ${statusCode} ${text}`);
  };
  const floor = await startFloorProxy(upstream.baseUrl);
  const viaFloor = async () => {
    const { statusCode, body } = await request(floor.origin, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Why is the sky blue?' }),
    });
    const text = await body.text();
    if (statusCode !== 200) throw new Error(`bare proxy: ${statusCode} ${text}`);
  };
  const wave = async (fn, total) => {
    let left = total;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (left-- > 0) await fn();
      }),
    );
  };
  const measure = async (name, pid, fn) => {
    await wave(fn, 40);
    await sleep(500);
    const before = cpuSeconds(pid);
    const upstreamBefore = cpuSeconds(upstream.process.pid);
    const selfBefore = process.cpuUsage();
    await wave(fn, chats);
    const seconds = cpuSeconds(pid) - before;
    const upstreamSeconds = cpuSeconds(upstream.process.pid) - upstreamBefore;
    const self = process.cpuUsage(selfBefore);
    const selfSeconds = (self.user + self.system) / 1e6;
    console.log(
      `${name}: ${chats} chats, ${concurrency} at a time: ${seconds.toFixed(2)} s of CPU, ` +
        `${((seconds * 1000) / chats).toFixed(1)} ms per chat ` +
        `(the upstream: ${((upstreamSeconds * 1000) / chats).toFixed(1)} ms, ` +
        `the load generator: ${((selfSeconds * 1000) / chats).toFixed(1)} ms)`,
    );
  };
  await measure('server', server.process.pid, chat);
  await server.stop();
  await measure('bare proxy', floor.process.pid, viaFloor);
} finally {
  await stopAll();
}
