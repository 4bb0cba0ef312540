import type { Hit, ModerationContext, ModerationVerdict, ResponseGuard } from './moderation.types';
import { decide } from './policy';

/** Text kept from what was already sent, so that phrases split across chunks are still seen. */
export const GUARD_WINDOW = 240;
/** A "word" longer than this (a URL, a run without spaces) is released rather than held. */
export const GUARD_MAX_HOLD = 48;

type Detect = (text: string) => Hit[];
type Blocks = (hit: Hit) => boolean;

/**
 * Moderates a streamed answer as it arrives. Whole words are released at once; only a trailing
 * partial word is held back, so a blocked word is never half-sent. Each push scans a window of
 * the last GUARD_WINDOW characters already checked plus the new text, so the work per chunk is
 * bounded and the whole stream stays linear.
 */
export class StreamingResponseGuard implements ResponseGuard {
  private tail = '';
  private pending = '';
  /** Offset in the whole answer of the first character of `tail`. */
  private tailStart = 0;
  private stopped = false;
  private finished: ModerationVerdict | null = null;
  private readonly hits = new Map<string, Hit>();

  constructor(
    private readonly ctx: ModerationContext,
    private readonly detect: Detect,
    private readonly blocks: Blocks,
  ) {}

  push(chunk: string): { emit: string; stop: boolean } {
    if (this.stopped || this.finished) return { emit: '', stop: this.stopped };
    const text = this.pending + chunk;
    const cut = lastSpace(text);
    let ready: string;
    if (cut >= 0) {
      ready = text.slice(0, cut + 1);
      this.pending = text.slice(cut + 1);
    } else if (text.length > GUARD_MAX_HOLD) {
      ready = text;
      this.pending = '';
    } else {
      this.pending = text;
      return { emit: '', stop: false };
    }
    return this.release(ready);
  }

  end(): { emit: string; verdict: ModerationVerdict } {
    if (this.finished) return { emit: '', verdict: this.finished };
    let emit = '';
    if (!this.stopped && this.pending) {
      const result = this.release(this.pending);
      this.pending = '';
      emit = result.emit;
    }
    this.finished = decide([...this.hits.values()], this.ctx, 'response');
    return { emit, verdict: this.finished };
  }

  private release(ready: string): { emit: string; stop: boolean } {
    const window = this.tail + ready;
    const fresh = this.tail.length;
    let blockAt = -1;
    for (const hit of this.detect(window)) {
      if (hit.end <= fresh) continue;
      const absolute = { ...hit, start: hit.start + this.tailStart, end: hit.end + this.tailStart };
      const key = `${hit.category}\u0000${hit.label ?? ''}\u0000${absolute.start}`;
      if (!this.hits.has(key)) this.hits.set(key, absolute);
      if (this.blocks(hit)) {
        const at = Math.max(0, hit.start - fresh);
        blockAt = blockAt < 0 ? at : Math.min(blockAt, at);
      }
    }
    if (blockAt >= 0) {
      this.stopped = true;
      this.pending = '';
      const before = ready.slice(0, blockAt);
      const boundary = lastSpace(before);
      return { emit: boundary >= 0 ? before.slice(0, boundary + 1) : '', stop: true };
    }
    this.slide(window);
    return { emit: ready, stop: false };
  }

  /** Keeps the last GUARD_WINDOW characters, starting on a word. */
  private slide(window: string): void {
    if (window.length <= GUARD_WINDOW) {
      this.tail = window;
      return;
    }
    let from = window.length - GUARD_WINDOW;
    while (from < window.length && !isSpace(window[from - 1])) from++;
    this.tailStart += from;
    this.tail = window.slice(from);
  }
}

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\n' || c === '\t' || c === '\r';
}

function lastSpace(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) if (isSpace(text[i])) return i;
  return -1;
}
