import { KEYWORD_MAX_LENGTH } from '@sprout/shared';
import type {
  Category,
  Hit,
  ModerationContext,
  ModerationVerdict,
  ResponseGuard,
} from './moderation.types';
import { type TextView, lexiconView } from './normalize';
import { decide } from './policy';
import { maxMatchLength } from './regex-span';

/** A "word" longer than this (a URL, a run without spaces) is released rather than held. */
export const GUARD_MAX_HOLD = 48;
/** Whole words wait for a check until this many characters are waiting... */
export const GUARD_BATCH_CHARS = 64;
/** ...or until this long after the last check; a slower stream is checked word by word. */
export const GUARD_BATCH_MS = 50;

type Detect = (text: string, view: TextView) => Hit[];
type Blocks = (hit: Hit) => boolean;

export interface GuardOptions {
  /**
   * Characters of the lexicon view of what was already sent that each check sees again: the
   * longest phrase a detector matches plus the context it reads around one, so a phrase split
   * across checks is seen whole, and judged as the whole answer would judge it.
   */
  lookback: number;
  batchChars?: number;
  batchMs?: number;
  now?: () => number;
}

const EMPTY: TextView = { text: '', map: [], soft: [] };

/**
 * The look-back for a set of lexicon rules: the longest match any of them can make (at least a
 * parent keyword's: its view can be twice as long in the lexicon view), plus the context the
 * detectors read before a match. A rule may match without bound only in a category that never
 * stops an answer (jailbreak, policy.ts): another would escape a bounded look-back.
 */
export function guardLookback(
  rules: readonly { pattern: RegExp; category: Category }[],
  context: number,
): number {
  let longest = 2 * KEYWORD_MAX_LENGTH;
  for (const rule of rules) {
    const span = maxMatchLength(rule.pattern);
    if (Number.isFinite(span)) longest = Math.max(longest, span);
    else if (rule.category !== 'jailbreak') {
      throw new Error(`A lexicon rule has no longest match: /${rule.pattern.source}/`);
    }
  }
  return longest + context;
}

/**
 * Moderates a streamed answer as it arrives. Whole words are released only after a check, so a
 * blocked word is never sent, not even half of it; a trailing partial word waits for the rest.
 * Checks run on batches of words (GUARD_BATCH_CHARS or GUARD_BATCH_MS, whichever comes first)
 * over the batch plus a bounded look-back whose normalised view is kept, not recomputed, so the
 * work per answer stays a small multiple of one check of the whole answer.
 */
export class StreamingResponseGuard implements ResponseGuard {
  /** The look-back: already checked and sent, starting on a word. */
  private tail = '';
  private tailView = EMPTY;
  /** Offset in the whole answer of the first character of `tail`. */
  private tailStart = 0;
  /** Whole words received but not checked yet. */
  private held = '';
  /** A trailing partial word. */
  private pending = '';
  private checkedAt = -Infinity;
  private stopped = false;
  private finished: ModerationVerdict | null = null;
  private readonly hits = new Map<string, Hit>();
  private readonly lookback: number;
  private readonly batchChars: number;
  private readonly batchMs: number;
  private readonly now: () => number;

  constructor(
    private readonly ctx: ModerationContext,
    private readonly detect: Detect,
    private readonly blocks: Blocks,
    options: GuardOptions,
  ) {
    this.lookback = options.lookback;
    this.batchChars = options.batchChars ?? GUARD_BATCH_CHARS;
    this.batchMs = options.batchMs ?? GUARD_BATCH_MS;
    this.now = options.now ?? Date.now;
  }

  /** True while whole words wait for a check (the caller may `flush` them after a pause). */
  get waiting(): boolean {
    return this.held.length > 0 && !this.stopped && !this.finished;
  }

  push(chunk: string): { emit: string; stop: boolean } {
    if (this.stopped || this.finished) return { emit: '', stop: this.stopped };
    const text = this.pending + chunk;
    const cut = lastSpace(text);
    if (cut >= 0) {
      this.held += text.slice(0, cut + 1);
      this.pending = text.slice(cut + 1);
    } else {
      this.pending = text;
    }
    if (this.pending.length > GUARD_MAX_HOLD) {
      this.held += this.pending;
      this.pending = '';
    }
    if (!this.held) return { emit: '', stop: false };
    if (this.held.length < this.batchChars && this.now() - this.checkedAt < this.batchMs) {
      return { emit: '', stop: false };
    }
    return this.check();
  }

  /** Checks and releases the whole words waiting now (a trailing partial word still waits). */
  flush(): { emit: string; stop: boolean } {
    if (!this.waiting) return { emit: '', stop: this.stopped };
    return this.check();
  }

  end(): { emit: string; verdict: ModerationVerdict } {
    if (this.finished) return { emit: '', verdict: this.finished };
    let emit = '';
    if (!this.stopped) {
      this.held += this.pending;
      this.pending = '';
      if (this.held) emit = this.check().emit;
    }
    this.finished = decide([...this.hits.values()], this.ctx, 'response');
    return { emit, verdict: this.finished };
  }

  private check(): { emit: string; stop: boolean } {
    const ready = this.held;
    this.held = '';
    this.checkedAt = this.now();
    const window = this.tail + ready;
    const fresh = this.tail.length;
    const view = this.viewOf(window, ready);
    let blockAt = -1;
    for (const hit of this.detect(window, view)) {
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
    this.keep(window, view);
    return { emit: ready, stop: false };
  }

  /**
   * The lexicon view of tail + ready. Normalising is word by word except where single letters
   * are joined ("k n i f e"), so the kept view of the tail and the view of the new words are
   * simply put together, unless single letters meet at the seam or a word straddles it.
   */
  private viewOf(window: string, ready: string): TextView {
    const fresh = this.tail.length;
    if (!fresh) return lexiconView(window);
    if (!this.tailView.text || !isSpace(this.tail[fresh - 1]) || lettersAt(this.tailView, 'end'))
      return lexiconView(window);
    const next = lexiconView(ready);
    if (!next.text) return this.tailView;
    if (lettersAt(next, 'start')) return lexiconView(window);
    return {
      text: `${this.tailView.text} ${next.text}`,
      map: [...this.tailView.map, next.map[0] + fresh, ...next.map.map((i) => i + fresh)],
      soft: [...this.tailView.soft, false, ...next.soft],
    };
  }

  /** Keeps at least `lookback` characters of the view as the next tail, from a word's start. */
  private keep(window: string, view: TextView): void {
    if (view.text.length <= this.lookback) {
      this.tail = window;
      this.tailView = view;
      return;
    }
    let k = view.text.length - this.lookback;
    while (k > 0 && view.text[k - 1] !== ' ') k--;
    // From the start of the whitespace-separated token, so the tail normalises as it did here.
    let from = view.map[k];
    while (from > 0 && !isSpace(window[from - 1])) from--;
    while (k > 0 && view.map[k - 1] >= from) k--;
    if (view.text[k] === ' ') k++;
    this.tailStart += from;
    this.tail = window.slice(from);
    this.tailView = {
      text: view.text.slice(k),
      map: view.map.slice(k).map((i) => i - from),
      soft: view.soft.slice(k),
    };
  }
}

/** True when the view begins (or ends) with a one-letter word or letters joined from them. */
function lettersAt(view: TextView, side: 'start' | 'end'): boolean {
  const { text, soft } = view;
  let from: number;
  let to: number;
  if (side === 'start') {
    from = 0;
    to = text.indexOf(' ');
    if (to < 0) to = text.length;
  } else {
    from = text.lastIndexOf(' ') + 1;
    to = text.length;
  }
  if (to - from <= 1) return true;
  for (let i = from; i < to; i++) if (soft[i]) return true;
  return false;
}

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\n' || c === '\t' || c === '\r';
}

function lastSpace(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) if (isSpace(text[i])) return i;
  return -1;
}
