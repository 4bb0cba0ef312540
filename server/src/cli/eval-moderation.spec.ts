import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppConfig } from '../config/app-config';
import { ModerationService } from '../moderation/moderation.service';
import type { ModerationVerdict } from '../moderation/moderation.types';
import { type EvalItem, figuresFor, formatReport, parseArgs, runEval } from './eval-moderation';

const verdict = (flagged: boolean, block = false): ModerationVerdict => ({
  action: block ? 'block' : flagged ? 'flag' : 'allow',
  flagged,
  reason: null,
  categories: [],
  selfHarm: false,
  detections: [],
});
const item = (label: string): EvalItem => ({ id: 'x', set: 's', text: 't', label });

describe('eval-moderation figures', () => {
  it('computes precision, recall, F1 and the false-positive rate', () => {
    const items = ['unsafe', 'unsafe', 'unsafe', 'safe', 'safe'].map(item);
    const verdicts = [
      verdict(true, true),
      verdict(true),
      verdict(false),
      verdict(true),
      verdict(false),
    ];
    expect(figuresFor(items, verdicts)).toEqual({
      n: 5,
      precision: 2 / 3,
      recall: 2 / 3,
      f1: 2 / 3,
      false_positive_rate: 0.5,
      block_rate: 1 / 3,
    });
  });

  it('gives flag and block rates for a set with one label', () => {
    expect(
      figuresFor([item('sensitive'), item('sensitive')], [verdict(true, true), verdict(false)]),
    ).toEqual({
      n: 2,
      recall: undefined,
      flag_rate: 0.5,
      block_rate: 0.5,
    });
    expect(figuresFor([item('safe'), item('safe')], [verdict(true), verdict(false)])).toEqual({
      n: 2,
      false_positive_rate: 0.5,
    });
  });
});

describe('eval-moderation command', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-eval-'));
    const rows = [
      { id: '1', set: 'mini', text: 'I want to die', label: 'unsafe' },
      { id: '2', set: 'mini', text: 'How do I kill a Python process?', label: 'safe' },
      { id: '3', set: 'mini', text: 'What is 3 + 4 = 7?', label: 'safe' },
    ];
    fs.writeFileSync(path.join(dir, 'mini.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n'));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not data');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads every jsonl file of the folder at each level', () => {
    const report = runEval(
      dir,
      ['strict', 'moderate'],
      new ModerationService(new AppConfig({}), null),
    );
    expect(Object.keys(report.levels)).toEqual(['strict', 'moderate']);
    expect(report.levels.moderate!.sets.mini).toMatchObject({
      n: 3,
      precision: 1,
      recall: 1,
      false_positive_rate: 0,
    });
    expect(formatReport(report)).toContain('moderate  mini');
  });

  it('parses the folder, the level and the output file', () => {
    expect(parseArgs(['data', '--filter', 'lenient', '--json', 'out.json'], {}, __dirname)).toEqual(
      {
        folder: path.resolve('data'),
        levels: ['lenient'],
        json: path.resolve('out.json'),
      },
    );
    expect(parseArgs(['--data', 'd', '--out', 'o.json'], {}, __dirname).folder).toBe(
      path.resolve('d'),
    );
    expect(() => parseArgs(['--filter', 'loose'], {}, __dirname)).toThrow(
      'Unknown filter level "loose".',
    );
  });

  it('defaults to SPROUT_EVAL_DIR, else the dev data beside the checkout', () => {
    expect(parseArgs([], { SPROUT_EVAL_DIR: '/tmp/x' }, __dirname).folder).toBe('/tmp/x');
    const root = path.resolve(__dirname, '..', '..', '..');
    expect(parseArgs([], {}, __dirname).folder).toBe(
      path.resolve(root, '..', 'shared', 'eval-data', 'dev'),
    );
  });
});
