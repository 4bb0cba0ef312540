import { type LoggerService } from '@nestjs/common';
import { requestContext } from './request-context';

const LEVELS = {
  debug: 10,
  verbose: 10,
  log: 20,
  info: 20,
  warn: 30,
  error: 40,
  fatal: 50,
} as const;
type Level = keyof typeof LEVELS;

const STARTUP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
]);

/** Keys whose values never reach a log line. */
const SECRET_KEY = /authorization|password|token|secret|api[_-]?key|cookie/i;

/**
 * Structured logs: one JSON object per line with time, level, context, message and the request
 * id of the request being handled (if any).
 */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly minLevel: 'debug' | 'info' | 'warn' | 'error' = 'info',
    private readonly write: (line: string) => void = (line) => process.stdout.write(line + '\n'),
  ) {}

  log(message: unknown, ...rest: unknown[]) {
    this.emit('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.emit('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.emit('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.emit('debug', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.emit('fatal', message, rest);
  }

  private emit(requested: Level, message: unknown, rest: unknown[]) {
    const params = [...rest];
    // Nest passes the context as the last string argument.
    const context =
      typeof params[params.length - 1] === 'string' ? (params.pop() as string) : undefined;
    // Nest's start-up chatter (one line per module and route) is only useful when debugging.
    const quiet = context !== undefined && STARTUP_CONTEXTS.has(context) && requested === 'info';
    const level: Level = quiet ? 'debug' : requested;
    if (LEVELS[level] < LEVELS[this.minLevel]) return;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level };
    if (context) entry.context = context;
    const store = requestContext.getStore();
    if (store?.requestId) entry.requestId = store.requestId;
    if (message instanceof Error) {
      entry.msg = message.message;
      entry.stack = message.stack;
    } else if (message && typeof message === 'object') {
      Object.assign(entry, redact(message as Record<string, unknown>));
    } else {
      entry.msg = String(message);
    }
    for (const param of params) {
      if (typeof param === 'string' && level === 'error' && param.includes('\n    at '))
        entry.stack = param;
      else if (param instanceof Error) entry.stack = param.stack;
      else if (param && typeof param === 'object')
        Object.assign(entry, redact(param as Record<string, unknown>));
    }
    this.write(JSON.stringify(entry));
  }
}

export function redact(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? '[redacted]' : v;
  }
  return out;
}
