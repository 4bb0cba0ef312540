import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { CONTEXT, RULES, detectAll } from './detectors';
import { KeywordMatcherCache } from './keyword-matcher';
import {
  DEFAULT_HELPLINES,
  type Helplines,
  redirectMessage as writeRedirect,
  safeEnding as writeEnding,
} from './messages';
import type { Hit, ModerationContext, ModerationVerdict } from './moderation.types';
import { OpenAiModerator, type RemoteModerator } from './openai-moderation';
import { type Source, blocksResponse, decide } from './policy';
import { type GuardOptions, StreamingResponseGuard, guardLookback } from './response-guard';

/** What the stream guard sees again of what it already sent: the detectors' longest phrase. */
const GUARD_LOOKBACK = guardLookback(RULES, CONTEXT);

/** Replaces the OpenAI moderation client (tests; null turns the remote check off). */
export const REMOTE_MODERATOR = Symbol('REMOTE_MODERATOR');

/**
 * Moderation of prompts and answers (ARCHITECTURE §7): local detectors always, the OpenAI
 * moderation endpoint as well when OPENAI_API_KEY is set; a policy per filter level turns the
 * detections into allow / flag / block with a reason a parent can read.
 */
@Injectable()
export class ModerationService {
  private readonly logger = new Logger(ModerationService.name);
  private readonly keywordMatchers = new KeywordMatcherCache();
  private readonly remote: RemoteModerator | null;
  private readonly helplines: Helplines;

  constructor(
    config: AppConfig,
    @Optional() @Inject(REMOTE_MODERATOR) remote?: RemoteModerator | null,
  ) {
    this.remote =
      remote !== undefined
        ? remote
        : config.openaiApiKey
          ? new OpenAiModerator({
              apiKey: config.openaiApiKey,
              baseURL: config.openaiBaseUrl,
              model: config.openaiModerationModel,
            })
          : null;
    this.helplines = helplinesFrom(config);
  }

  checkPrompt(text: string, ctx: ModerationContext): Promise<ModerationVerdict> {
    return this.check(text, ctx, 'prompt');
  }

  checkResponse(text: string, ctx: ModerationContext): Promise<ModerationVerdict> {
    return this.check(text, ctx, 'response');
  }

  /** The local verdict alone, synchronously (the evaluation command and the stream guard). */
  checkLocal(text: string, ctx: ModerationContext, source: Source): ModerationVerdict {
    return decide(this.detect(text, ctx), ctx, source);
  }

  createResponseGuard(
    ctx: ModerationContext,
    options: Partial<GuardOptions> = {},
  ): StreamingResponseGuard {
    const matcher = this.keywordMatchers.matcherFor(ctx.keywords);
    return new StreamingResponseGuard(
      ctx,
      (text, view) => detectAll(text, matcher, view),
      (hit) => blocksResponse(hit, ctx),
      { lookback: GUARD_LOOKBACK, ...options },
    );
  }

  redirectMessage(verdict: ModerationVerdict, ctx: ModerationContext): string {
    return writeRedirect(verdict, ctx, this.helplines);
  }

  safeEnding(verdict: ModerationVerdict, ctx: ModerationContext): string {
    return writeEnding(verdict, ctx);
  }

  private detect(text: string, ctx: ModerationContext): Hit[] {
    return detectAll(text, this.keywordMatchers.matcherFor(ctx.keywords));
  }

  private async check(
    text: string,
    ctx: ModerationContext,
    source: Source,
  ): Promise<ModerationVerdict> {
    const hits = this.detect(text, ctx);
    if (this.remote) hits.push(...(await this.remoteHits(text)));
    return decide(hits, ctx, source);
  }

  /** A failing or slow endpoint never blocks a chat: the local detectors still decide. */
  private async remoteHits(text: string): Promise<Hit[]> {
    try {
      return await this.remote!.check(text);
    } catch (error) {
      this.logger.warn({
        msg: 'OpenAI moderation unavailable; using the local detectors only',
        error: (error as Error).message,
      });
      return [];
    }
  }
}

/**
 * The crisis lines. AppConfig has no helpline setting yet; when the lead adds
 * `crisisHelpline` (e.g. CRISIS_HELPLINE="call or text 988") it is used here.
 */
function helplinesFrom(config: AppConfig): Helplines {
  const configured = (config as AppConfig & { crisisHelpline?: string | null }).crisisHelpline;
  return configured ? { ...DEFAULT_HELPLINES, crisis: configured } : DEFAULT_HELPLINES;
}
