import type { Hit } from './moderation.types';
import { LruCache } from './lru-cache';
import {
  type TextView,
  evidenceOf,
  isWordChar,
  keywordView,
  normalizeForKeywords,
} from './normalize';

interface Node {
  next: Map<string, number>;
  fail: number;
  /** Indexes of the keywords that end here (own and through fail links). */
  out: number[];
  depth: number;
}

/**
 * The parent's keywords compiled once into an Aho-Corasick automaton over the keyword view of
 * the text (lower case, leetspeak decoded, spacing and punctuation tricks undone, repeated
 * letters collapsed): one pass over the text whatever the number of keywords. A match must
 * start and end on a word boundary; a plural "s"/"es" is allowed ("gun" matches "guns").
 */
export class KeywordMatcher {
  private readonly nodes: Node[] = [{ next: new Map(), fail: 0, out: [], depth: 0 }];
  private readonly patterns: string[] = [];

  constructor(readonly keywords: readonly string[]) {
    keywords.forEach((keyword) => {
      const pattern = normalizeForKeywords(keyword);
      this.patterns.push(pattern);
      if (pattern) this.insert(pattern, this.patterns.length - 1);
    });
    this.link();
  }

  get isEmpty(): boolean {
    return this.nodes.length === 1;
  }

  find(original: string, view: TextView = keywordView(original)): Hit[] {
    if (this.isEmpty) return [];
    const hits: Hit[] = [];
    const seen = new Set<number>();
    const text = view.text;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      while (state !== 0 && !this.nodes[state].next.has(c)) state = this.nodes[state].fail;
      state = this.nodes[state].next.get(c) ?? 0;
      for (const index of this.nodes[state].out) {
        if (seen.has(index)) continue;
        const length = this.patterns[index].length;
        const start = i + 1 - length;
        const end = wordEnd(view, i + 1);
        if (end < 0 || !boundaryBefore(view, start)) continue;
        seen.add(index);
        hits.push({
          category: 'keyword',
          severity: 'medium',
          label: this.keywords[index],
          evidence: evidenceOf(original, view, start, end),
          start: view.map[start],
          end: view.map[end - 1] + 1,
        });
      }
    }
    return hits;
  }

  private insert(pattern: string, index: number): void {
    let state = 0;
    for (const c of pattern) {
      let next = this.nodes[state].next.get(c);
      if (next === undefined) {
        next = this.nodes.length;
        this.nodes.push({ next: new Map(), fail: 0, out: [], depth: this.nodes[state].depth + 1 });
        this.nodes[state].next.set(c, next);
      }
      state = next;
    }
    this.nodes[state].out.push(index);
  }

  private link(): void {
    const queue: number[] = [];
    for (const child of this.nodes[0].next.values()) queue.push(child);
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head];
      for (const [c, child] of this.nodes[state].next) {
        let fail = this.nodes[state].fail;
        while (fail !== 0 && !this.nodes[fail].next.has(c)) fail = this.nodes[fail].fail;
        const target = this.nodes[fail].next.get(c);
        this.nodes[child].fail = target !== undefined && target !== child ? target : 0;
        this.nodes[child].out.push(...this.nodes[this.nodes[child].fail].out);
        queue.push(child);
      }
    }
  }
}

function boundaryBefore(view: TextView, start: number): boolean {
  return start === 0 || !isWordChar(view.text[start - 1]) || view.soft[start];
}

/** Where the word ending at `end` really ends (allowing a plural), or -1 if mid-word. */
function wordEnd(view: TextView, end: number): number {
  const text = view.text;
  const closes = (at: number) => at >= text.length || !isWordChar(text[at]) || view.soft[at];
  if (closes(end)) return end;
  if (text[end] === 's' && closes(end + 1)) return end + 1;
  if (text[end] === 'e' && text[end + 1] === 's' && closes(end + 2)) return end + 2;
  return -1;
}

/**
 * Compiled matchers per keyword set. The key is the set itself, so a parent who adds or removes
 * a keyword gets a new matcher at once; unused sets age out.
 */
export class KeywordMatcherCache {
  private readonly cache: LruCache<string, KeywordMatcher>;

  constructor(capacity = 1000) {
    this.cache = new LruCache(capacity);
  }

  get size(): number {
    return this.cache.size;
  }

  matcherFor(keywords: readonly string[]): KeywordMatcher {
    const unique = [...new Set(keywords.map((k) => k.trim().toLowerCase()).filter(Boolean))].sort();
    const key = unique.join('\u0000');
    let matcher = this.cache.get(key);
    if (!matcher) {
      matcher = new KeywordMatcher(unique);
      this.cache.set(key, matcher);
    }
    return matcher;
  }
}
