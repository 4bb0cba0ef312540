/** The plain-text report an operator pastes into a ticket or a deploy log. */
import { callLabel, type CallDefinition, type CallOutcome } from './calls';

export const REPORT_TITLE = 'Sprout Admin — API test suite report';
const BODY_LIMIT = 600;

export interface Summary {
  passed: number;
  failed: number;
  notRun: number;
}

export function summarize(
  calls: readonly CallDefinition[],
  results: Record<string, CallOutcome | undefined>,
): Summary {
  let passed = 0;
  let failed = 0;
  for (const call of calls) {
    const result = results[call.id];
    if (!result) continue;
    if (result.pass) passed += 1;
    else failed += 1;
  }
  return { passed, failed, notRun: calls.length - passed - failed };
}

export const summaryText = (summary: Summary) =>
  `${summary.passed} passed, ${summary.failed} failed`;

/** Pretty JSON for objects, the text itself for text. */
export function formatBody(body: unknown): string {
  if (body === null || body === undefined) return '';
  if (typeof body === 'string') return body;
  return JSON.stringify(body, null, 2);
}

function clip(text: string, limit: number): string {
  return text.length > limit
    ? `${text.slice(0, limit)}… (${text.length - limit} more characters)`
    : text;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

export function buildReport(options: {
  calls: readonly CallDefinition[];
  results: Record<string, CallOutcome | undefined>;
  origin: string;
  adminEmail: string;
  testChild: string;
  generatedAt: Date;
}): string {
  const summary = summarize(options.calls, options.results);
  const lines = [
    REPORT_TITLE,
    `Server: ${options.origin}`,
    `Admin: ${options.adminEmail}`,
    `Test child: ${options.testChild}`,
    `Generated: ${options.generatedAt.toISOString()}`,
    `Summary: ${summaryText(summary)}, ${summary.notRun} not run`,
    '',
  ];
  for (const call of options.calls) {
    const result = options.results[call.id];
    if (!result) {
      lines.push(`NOT RUN  ${callLabel(call)}`);
      continue;
    }
    const verdict = result.pass ? 'PASS' : 'FAIL';
    const status = result.status === null ? 'no answer' : `HTTP ${result.status}`;
    const latency = result.latencyMs === null ? '' : `, ${result.latencyMs} ms`;
    lines.push(`${verdict}     ${result.request} (${status}${latency})`);
    if (result.note) lines.push(`    ${result.note}`);
    if (!result.pass) {
      const body = formatBody(result.body);
      if (body) lines.push(indent(clip(body, BODY_LIMIT)));
    }
  }
  return `${lines.join('\n')}\n`;
}
