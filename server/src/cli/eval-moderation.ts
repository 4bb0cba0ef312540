/**
 * Measures the moderation detectors and policy on labelled data (../shared/eval-data/README.md).
 *   npm run eval:moderation -- [FOLDER] [--filter strict|moderate|lenient] [--json OUT.json]
 * (also --data FOLDER and --out OUT.json). The folder defaults to SPROUT_EVAL_DIR, else
 * ../shared/eval-data/dev beside the checkout; nothing else is read unless it is passed.
 * Only the local detectors run (no OpenAI call), with no parent keywords and no age.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { FILTER_LEVELS, type FilterLevel } from '@sprout/shared';
import { AppConfig } from '../config/app-config';
import { ModerationService } from '../moderation/moderation.service';
import type { ModerationVerdict } from '../moderation/moderation.types';

export interface EvalItem {
  id: string;
  set: string;
  text: string;
  label: string;
}

export interface SetFigures {
  n: number;
  precision?: number;
  recall?: number;
  f1?: number;
  false_positive_rate?: number;
  flag_rate?: number;
  block_rate?: number;
  detection_rate?: number;
}

export interface EvalReport {
  folder: string;
  levels: Partial<Record<FilterLevel, { sets: Record<string, SetFigures> }>>;
  prompts_per_second: number;
}

interface Options {
  folder: string;
  levels: FilterLevel[];
  json: string | null;
}

const USAGE =
  'Usage: npm run eval:moderation -- [FOLDER] [--filter strict|moderate|lenient] [--json OUT.json]';

/** Sets whose texts are AI answers: they go through the response moderation. */
const RESPONSE_SETS = new Set(['gptfuzz-responses']);

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv, here: string): Options {
  let folder: string | null = null;
  let json: string | null = null;
  let levels: FilterLevel[] = [...FILTER_LEVELS];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value. ${USAGE}`);
      return next;
    };
    if (arg === '--filter') {
      const level = value();
      if (!(FILTER_LEVELS as readonly string[]).includes(level)) {
        throw new Error(`Unknown filter level "${level}". ${USAGE}`);
      }
      levels = [level as FilterLevel];
    } else if (arg === '--json' || arg === '--out') json = path.resolve(value());
    else if (arg === '--data') folder = path.resolve(value());
    else if (arg === '--help' || arg === '-h') throw new Error(USAGE);
    else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}. ${USAGE}`);
    else folder = path.resolve(arg);
  }
  folder ??= env.SPROUT_EVAL_DIR ? path.resolve(env.SPROUT_EVAL_DIR) : defaultFolder(here);
  return { folder, levels, json };
}

/** ../shared/eval-data/dev beside the checkout (the folder that holds server/). */
function defaultFolder(here: string): string {
  let dir = here;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'server', 'package.json'))) {
      return path.resolve(dir, '..', 'shared', 'eval-data', 'dev');
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the checkout root; pass the data folder.');
    dir = parent;
  }
}

export function loadFolder(folder: string): Map<string, EvalItem[]> {
  const sets = new Map<string, EvalItem[]>();
  const files = fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  for (const file of files) {
    const name = file.replace(/\.jsonl$/, '');
    const items: EvalItem[] = [];
    for (const line of fs.readFileSync(path.join(folder, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as Partial<EvalItem>;
      if (typeof row.text !== 'string' || typeof row.label !== 'string') continue;
      items.push({
        id: String(row.id ?? ''),
        set: row.set ?? name,
        text: row.text,
        label: row.label,
      });
    }
    sets.set(name, items);
  }
  return sets;
}

const ratio = (a: number, b: number) => (b === 0 ? undefined : a / b);

export function figuresFor(
  items: readonly EvalItem[],
  verdicts: readonly ModerationVerdict[],
): SetFigures {
  const n = items.length;
  const labels = new Set(items.map((i) => i.label));
  const flagged = (i: number) => verdicts[i].flagged;
  const blocked = (i: number) => verdicts[i].action === 'block';
  const count = (pred: (i: number) => boolean, label?: string) =>
    items.reduce((sum, item, i) => sum + (label && item.label !== label ? 0 : pred(i) ? 1 : 0), 0);
  const total = (label: string) => items.filter((i) => i.label === label).length;

  if (labels.has('pii') || labels.has('none')) {
    const detected = (i: number) =>
      verdicts[i].detections.some((d) => d.category === 'personal_info');
    return {
      n,
      detection_rate: ratio(count(detected, 'pii'), total('pii')),
      flag_rate: ratio(count(flagged, 'pii'), total('pii')),
      false_positive_rate: ratio(count(detected, 'none'), total('none')),
    };
  }
  if (labels.has('unsafe') && labels.has('safe')) {
    const tp = count(flagged, 'unsafe');
    const fp = count(flagged, 'safe');
    const fn = total('unsafe') - tp;
    const precision = ratio(tp, tp + fp);
    const recall = ratio(tp, tp + fn);
    const f1 =
      precision !== undefined && recall !== undefined && precision + recall > 0
        ? (2 * precision * recall) / (precision + recall)
        : undefined;
    return {
      n,
      precision,
      recall,
      f1,
      false_positive_rate: ratio(fp, total('safe')),
      block_rate: ratio(count(blocked, 'unsafe'), total('unsafe')),
    };
  }
  if (labels.size === 1 && labels.has('safe')) {
    return { n, false_positive_rate: ratio(count(flagged), n) };
  }
  // Only unsafe, or only "sensitive" (csb-child-prompts): how a level treats them.
  return {
    n,
    recall: labels.has('unsafe') ? ratio(count(flagged), n) : undefined,
    flag_rate: ratio(count(flagged), n),
    block_rate: ratio(count(blocked), n),
  };
}

export function runEval(
  folder: string,
  levels: readonly FilterLevel[],
  service: ModerationService,
): EvalReport {
  const sets = loadFolder(folder);
  const report: EvalReport = { folder, levels: {}, prompts_per_second: 0 };
  let checks = 0;
  let elapsed = 0;
  for (const filter of levels) {
    const figures: Record<string, SetFigures> = {};
    for (const [name, items] of sets) {
      const source = RESPONSE_SETS.has(name) ? 'response' : 'prompt';
      const started = process.hrtime.bigint();
      const verdicts = items.map((item) =>
        service.checkLocal(item.text, { filter, age: null, keywords: [] }, source),
      );
      elapsed += Number(process.hrtime.bigint() - started) / 1e9;
      checks += items.length;
      figures[name] = figuresFor(items, verdicts);
    }
    report.levels[filter] = { sets: figures };
  }
  report.prompts_per_second = elapsed > 0 ? Math.round(checks / elapsed) : 0;
  return report;
}

const COLUMNS: [keyof SetFigures, string][] = [
  ['n', 'n'],
  ['precision', 'precision'],
  ['recall', 'recall'],
  ['f1', 'F1'],
  ['false_positive_rate', 'FP rate'],
  ['flag_rate', 'flag rate'],
  ['block_rate', 'block rate'],
  ['detection_rate', 'PII found'],
];

export function formatReport(report: EvalReport): string {
  const lines = [`Moderation evaluation on ${report.folder}`];
  const header = ['level', 'set', ...COLUMNS.map(([, title]) => title)];
  const rows: string[][] = [];
  for (const [level, { sets }] of Object.entries(report.levels) as [
    FilterLevel,
    { sets: Record<string, SetFigures> },
  ][]) {
    for (const [set, figures] of Object.entries(sets)) {
      rows.push([
        level,
        set,
        ...COLUMNS.map(([key]) => {
          const v = figures[key];
          if (v === undefined) return '-';
          return key === 'n' ? String(v) : v.toFixed(3);
        }),
      ]);
    }
  }
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const format = (r: string[]) => r.map((cell, c) => cell.padEnd(widths[c])).join('  ');
  lines.push(format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(format));
  lines.push(`Throughput: ${report.prompts_per_second} prompts per second (local detectors)`);
  return lines.join('\n');
}

export function main(argv: string[], out: (text: string) => void): number {
  const options = parseArgs(argv, process.env, __dirname);
  if (!fs.existsSync(options.folder)) throw new Error(`No such folder: ${options.folder}`);
  // The local detectors only: the evaluation must not depend on (or pay for) a remote service.
  const service = new ModerationService(new AppConfig({}), null);
  const report = runEval(options.folder, options.levels, service);
  out(formatReport(report));
  if (options.json) {
    fs.writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
    out(`Wrote ${options.json}`);
  }
  return 0;
}

if (require.main === module) {
  try {
    process.exitCode = main(process.argv.slice(2), (text) => process.stdout.write(`${text}\n`));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 2;
  }
}
