import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ERROR_CODES, EXPLAIN_MODE, PROMPT_MAX_LENGTH, type ChatMode } from '@sprout/shared';
import type { AuthUser } from '../common/auth-user';
import { DomainError } from '../common/domain-error';
import { AiService } from '../ai/ai.service';
import { AiUnavailableError } from '../ai/chat-model';
import { AlertsService } from '../chat-logs/alerts.service';
import { ChatLogsService } from '../chat-logs/chat-logs.service';
import type { ChatLog, ChatOutcome } from '../chat-logs/entities/chat-log.entity';
import { ModerationService } from '../moderation/moderation.service';
import type { ModerationContext, ModerationVerdict } from '../moderation/moderation.types';
import { GUARD_BATCH_MS } from '../moderation/response-guard';
import { ChildrenService } from '../parents/children.service';
import { KeywordsService } from '../parents/keywords.service';
import { ParentsService } from '../parents/parents.service';
import type { Child } from '../parents/entities/child.entity';
import type { ChatDto } from './dto/kids.dto';

export const CHAT_MESSAGES = {
  emptyPrompt: 'Please type a message first.',
  tooLong: `Your message is too long. Please keep it under ${PROMPT_MAX_LENGTH} characters.`,
  modeNotAllowed: 'This mode is turned off. Ask your grown-up if you can use it!',
  noAccount: 'Your account could not be found. Please ask your grown-up for help.',
  aiUnavailable: 'Sprout is taking a little nap right now. Please try again in a few minutes!',
  aiFailed: 'Oops, something went wrong! Try again.',
} as const;

const IMAGE_MARK = '\u001e';

/** POST /api/kids/chat (ARCHITECTURE §5): moderate, stream, moderate the answer, log once. */
@Injectable()
export class ChatService implements OnModuleDestroy {
  private readonly logger = new Logger(ChatService.name);

  constructor(
    private readonly children: ChildrenService,
    private readonly parents: ParentsService,
    private readonly keywords: KeywordsService,
    private readonly moderation: ModerationService,
    private readonly ai: AiService,
    private readonly chatLogs: ChatLogsService,
    private readonly alerts: AlertsService,
  ) {}

  async handle(user: AuthUser, dto: ChatDto, req: Request, res: Response): Promise<void> {
    const prompt = dto.prompt.trim();
    if (!prompt) throw new DomainError(400, CHAT_MESSAGES.emptyPrompt, ERROR_CODES.validation);
    if (prompt.length > PROMPT_MAX_LENGTH)
      throw new DomainError(400, CHAT_MESSAGES.tooLong, ERROR_CODES.validation);
    const child = await this.children.find(user.uid);
    if (!child) throw new DomainError(403, CHAT_MESSAGES.noAccount, ERROR_CODES.forbidden);
    const mode: ChatMode = dto.mode;
    if (mode !== EXPLAIN_MODE && !child.allowedModes.includes(mode)) {
      throw new DomainError(403, CHAT_MESSAGES.modeNotAllowed, ERROR_CODES.modeNotAllowed);
    }
    const ctx: ModerationContext = {
      filter: child.filter,
      age: child.age,
      keywords: await this.keywords.list(child.parentUid),
    };
    const run = new ChatRun(child, mode, prompt, this);
    const promptVerdict = await this.moderation.checkPrompt(prompt, ctx);
    run.addVerdict(promptVerdict);

    if (promptVerdict.action === 'block') {
      const answer = this.moderation.redirectMessage(promptVerdict, ctx);
      startStream(res);
      res.write(answer);
      // The row exists before the answer ends: the dashboard shows what the child just saw.
      await run.finish('blocked', answer);
      res.end();
      return;
    }

    const history = mode === EXPLAIN_MODE ? [] : (dto.history ?? []);
    const messages = this.ai.buildMessages({
      mode,
      age: child.age,
      filter: child.filter,
      history,
      prompt,
    });
    const upstream = new AbortController();
    let clientGone = false;
    const onClose = () => {
      if (!res.writableFinished) {
        clientGone = true;
        upstream.abort();
      }
    };
    req.on('close', onClose);
    res.on('close', onClose);

    const iterator = this.ai.stream(messages, { signal: upstream.signal })[Symbol.asyncIterator]();
    let first: IteratorResult<string>;
    try {
      first = await iterator.next();
    } catch (error) {
      req.off('close', onClose);
      const unavailable = error instanceof AiUnavailableError;
      await run.finish(clientGone ? 'disconnected' : 'failed', '', describe(error));
      if (clientGone) return;
      throw new DomainError(
        503,
        unavailable ? CHAT_MESSAGES.aiUnavailable : CHAT_MESSAGES.aiFailed,
        ERROR_CODES.aiUnavailable,
      );
    }

    startStream(res);
    const guard = this.moderation.createResponseGuard(ctx);
    let sent = '';
    let image = '';
    let outcome: ChatOutcome = 'answered';
    let failure: string | null = null;
    const write = (text: string) => {
      if (!text || clientGone) return;
      sent += text;
      res.write(text);
    };
    let stopped = false;
    const stop = () => {
      stopped = true;
      upstream.abort();
    };
    // The guard checks words in batches: when the model pauses, what waits is checked and sent.
    let pause: NodeJS.Timeout | null = null;
    const afterPause = () => {
      const flushed = guard.flush();
      write(flushed.emit);
      if (flushed.stop) stop();
    };
    try {
      for (let step = first; !step.done; step = await iterator.next()) {
        if (stopped) break;
        let chunk = step.value;
        const mark = chunk.indexOf(IMAGE_MARK);
        if (mark !== -1) {
          image = chunk.slice(mark);
          chunk = chunk.slice(0, mark);
        }
        const pushed = guard.push(chunk);
        write(pushed.emit);
        if (pushed.stop) {
          stop();
          break;
        }
        if (clientGone) break;
        if (guard.waiting) {
          if (pause) pause.refresh();
          else pause = setTimeout(afterPause, GUARD_BATCH_MS);
        }
      }
    } catch (error) {
      if (!clientGone && !stopped) {
        outcome = 'failed';
        failure = describe(error);
      }
    } finally {
      if (pause) clearTimeout(pause);
      await iterator.return?.().catch(() => undefined);
    }
    if (clientGone) outcome = 'disconnected';
    const end = guard.end();
    const responseVerdict = end.verdict;
    run.addVerdict(responseVerdict);
    // A block found in the last words stops the answer as one found earlier does.
    if (outcome === 'answered' && (stopped || responseVerdict.action === 'block')) {
      outcome = 'stopped';
    }
    if (outcome === 'stopped') {
      write(end.emit);
      write(separator(sent) + this.moderation.safeEnding(responseVerdict, ctx));
    } else {
      write(end.emit);
      if (outcome === 'failed') write(separator(sent) + CHAT_MESSAGES.aiFailed);
      else if (image && !clientGone) {
        res.write(`${sent.endsWith('\n') ? '' : '\n'}${image}`);
      }
    }
    req.off('close', onClose);
    await run.finish(outcome, sent, failure);
    if (!clientGone) res.end();
  }

  /** Mails still being sent; shutdown waits for them. */
  private readonly pending = new Set<Promise<void>>();

  async onModuleDestroy() {
    await Promise.allSettled([...this.pending]);
  }

  private track(work: Promise<void>) {
    const tracked = work.finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Mails the parent about a flagged row without holding up the child's answer. */
  private async alert(run: ChatRun, log: ChatLog): Promise<void> {
    try {
      const parent = await this.parents.find(run.child.parentUid);
      if (!parent) return;
      await this.alerts.flagged({
        log,
        childUsername: run.child.username,
        parentEmail: parent.email,
        emailNotifications: parent.emailNotifications,
        selfHarm: run.selfHarm,
      });
    } catch (e) {
      this.logger.error({
        msg: 'could not alert the parent',
        childUid: run.child.uid,
        error: (e as Error).message,
      });
    }
  }

  /** Writes the one log row (alerts follow in the background); never throws: the child already has an answer. */
  async record(
    run: ChatRun,
    outcome: ChatOutcome,
    response: string,
    error: string | null,
  ): Promise<void> {
    try {
      const log = await this.chatLogs.record({
        childUid: run.child.uid,
        parentUid: run.child.parentUid,
        createdAt: run.startedAt,
        mode: run.mode,
        promptText: run.prompt,
        responseText: response || null,
        flagged: run.flagged,
        reason: run.reason,
        categories: run.categories.length ? run.categories : null,
        severity: run.flagged
          ? run.selfHarm
            ? 'critical'
            : run.serious
              ? 'high'
              : 'normal'
          : null,
        outcome,
        error: error ? error.slice(0, 500) : null,
      });
      if (run.flagged) this.track(this.alert(run, log));
    } catch (e) {
      this.logger.error({
        msg: 'could not record chat log',
        childUid: run.child.uid,
        error: (e as Error).message,
      });
    }
  }
}

/** The state of one prompt from arrival to its log row. */
class ChatRun {
  readonly startedAt = new Date();
  flagged = false;
  selfHarm = false;
  /** Blocked, or flagged for a high-severity finding. */
  serious = false;
  reason: string | null = null;
  categories: string[] = [];
  private done = false;

  constructor(
    readonly child: Child,
    readonly mode: ChatMode,
    readonly prompt: string,
    private readonly service: ChatService,
  ) {}

  addVerdict(verdict: ModerationVerdict) {
    if (verdict.flagged || verdict.action === 'block') {
      this.flagged = true;
      if (verdict.reason)
        this.reason = this.reason ? `${this.reason}; ${verdict.reason}` : verdict.reason;
    }
    if (verdict.selfHarm) this.selfHarm = true;
    const serious = verdict.detections.some(
      (d) => d.severity === 'high' || d.severity === 'critical',
    );
    if (verdict.action === 'block' || (verdict.flagged && serious)) this.serious = true;
    for (const c of verdict.categories) if (!this.categories.includes(c)) this.categories.push(c);
  }

  async finish(outcome: ChatOutcome, response: string, error: string | null = null) {
    if (this.done) return;
    this.done = true;
    await this.service.record(this, outcome, response, error);
  }
}

function startStream(res: Response) {
  res.status(200);
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
}

function separator(sent: string): string {
  if (!sent) return '';
  return sent.endsWith('\n') ? '\n' : sent.endsWith(' ') ? '' : ' ';
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
