// The functions with the most self time in a .cpuprofile, grouped by function and file.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, round } from './util.mjs';

export function summarizeProfile(file, top = 20) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
  }
  const IDLE = new Set(['(idle)', '(program)']);
  let idle = 0;
  const groups = new Map();
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    if (IDLE.has(callFrame.functionName)) {
      idle += us;
      continue;
    }
    const where = callFrame.url
      ? `${path.relative(ROOT, callFrame.url.replace(/^file:\/\//, ''))}:${callFrame.lineNumber + 1}`
      : '';
    const key = `${callFrame.functionName || '(anonymous)'} ${where}`.trim();
    groups.set(key, (groups.get(key) ?? 0) + us);
  }
  const total = [...groups.values()].reduce((a, b) => a + b, 0);
  /** Self time per package or server folder, which is what a fix targets. */
  const areas = new Map();
  for (const [key, us] of groups) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(key);
    const own = /server\/dist\/([^/]+)/.exec(key);
    const builtin = /node:([\w/]+)/.exec(key);
    const area = pkg
      ? pkg[1]
      : own
        ? `server/${own[1]}`
        : builtin
          ? `node:${builtin[1].split('/')[0] === 'internal' ? builtin[1].split('/')[1] : builtin[1]}`
          : key.startsWith('(')
            ? key
            : `native ${key}`;
    areas.set(area, (areas.get(area) ?? 0) + us);
  }
  const share = (us) => round((100 * us) / total, 1);
  return {
    file,
    /** Percentages below are of the busy time (idle excluded). */
    busy_seconds: round(total / 1e6, 1),
    idle_seconds: round(idle / 1e6, 1),
    top_functions: [...groups]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, self_percent: share(us) })),
    by_area: [...areas]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([area, us]) => ({ area, self_percent: share(us) })),
  };
}
