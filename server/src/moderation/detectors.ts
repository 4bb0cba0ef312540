import type { KeywordMatcher } from './keyword-matcher';
import { CHILD_SAFETY } from './child-safety.lexicon';
import { LEXICON, type LexiconRule, REQUEST } from './lexicon';
import type { Hit } from './moderation.types';
import { type TextView, evidenceOf, keywordView, lexiconView } from './normalize';
import { detectPersonalInfo } from './personal-info.detector';
import { detectProfanity } from './profanity.detector';

/** At most this many hits per rule: enough evidence, bounded work on adversarial text. */
const MAX_HITS_PER_RULE = 8;

/** Merged patterns stay below this size: V8 optimises large patterns less well. */
const MAX_MERGED_SOURCE = 6000;

/**
 * Rules that would give the same hit (same category, severity, label and flags, no context
 * words) are scanned as one pattern: a scan of a long text costs about the same however few words
 * a pattern has, so fewer scans keep the detectors fast.
 */
export function mergeRules(rules: readonly LexiconRule[]): LexiconRule[] {
  const merged: LexiconRule[] = [];
  const groups = new Map<string, { rule: LexiconRule; sources: string[]; size: number }>();
  for (const rule of rules) {
    if (rule.pattern.sticky || rule.unless) {
      merged.push(rule);
      continue;
    }
    const key = [rule.category, rule.severity, rule.label, rule.crisis, rule.instructions].join();
    const source = rule.pattern.source;
    const group = groups.get(key);
    if (group && group.size + source.length <= MAX_MERGED_SOURCE) {
      group.sources.push(source);
      group.size += source.length;
      continue;
    }
    const fresh = { rule: { ...rule }, sources: [source], size: source.length };
    groups.set(key, fresh);
    merged.push(fresh.rule);
  }
  for (const { rule, sources } of groups.values()) {
    if (sources.length > 1) rule.pattern = new RegExp(sources.join('|'), 'g');
  }
  return merged;
}

/** The general lexicons, then the dangers aimed at children (challenges, strangers, ...). */
export const RULES: readonly LexiconRule[] = mergeRules([...LEXICON, ...CHILD_SAFETY]);

/**
 * "steal a car in GTA", "build a weapon in Minecraft", "beat my brother at chess", "shoot my
 * friend with a nerf gun": play, not harm.
 */
const GAME =
  /\b(?:(?:in|on|for|from|inside|playing|at) (?:minecraft|fortnite|roblox|gta(?: [0-9v]{1,3})?|grand theft auto|call of duty|cod|halo|zelda|skyrim|terraria|pokemon|among us|the sims|sims|animal crossing|overwatch|valorant|apex(?: legends)?|clash of clans|chess|checkers|mario ?kart|smash bros|uno|monopoly|cards)|(?:in|on|for|from|inside|playing) (?:a |the |my |this |that )?(?:video ?games?|computer games?|board games?|card games?|games?)|(?:nerf|water|squirt|toy|foam|bubble) ?guns?|water balloons?|snowballs?|paintball|laser tag|pillow fight)\b/;
/** Characters of the view read on each side of a match (games, `unless`). */
export const CONTEXT = 60;

function around(view: TextView, start: number, end: number): string {
  return view.text.slice(Math.max(0, start - CONTEXT), end + CONTEXT);
}

/**
 * Play lowers every rule but crisis signals, sexual content and grooming: "a guy I met on
 * Roblox wants to meet me" is no less dangerous for the game.
 */
function playable(rule: LexiconRule): boolean {
  return !rule.crisis && rule.category !== 'sexual' && rule.category !== 'grooming';
}

/** At most this many request phrases per text, each tried against every request rule. */
const MAX_REQUESTS = 64;

/** Where each request phrase ("how do i", "best way to") starts and ends in the view. */
function findRequests(text: string): [number, number][] {
  const found: [number, number][] = [];
  REQUEST.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (found.length < MAX_REQUESTS && (m = REQUEST.exec(text))) {
    if (m[0].length === 0) {
      REQUEST.lastIndex++;
      continue;
    }
    found.push([m.index, m.index + m[0].length]);
  }
  return found;
}

/** The built-in category lexicons (sexual, self-harm, violence, weapons, drugs, hate, ...). */
export function detectLexicon(original: string, view: TextView): Hit[] {
  const hits: Hit[] = [];
  const text = view.text;
  const requests = findRequests(text);
  const add = (rule: LexiconRule, start: number, end: number): boolean => {
    const context = rule.unless || playable(rule) ? around(view, start, end) : '';
    if (rule.unless?.test(context)) return false;
    const play = playable(rule) && GAME.test(context);
    hits.push({
      category: rule.category,
      severity: play ? 'low' : rule.severity,
      label: rule.label,
      evidence: evidenceOf(original, view, start, end),
      start: view.map[start],
      end: view.map[end - 1] + 1,
      ...(rule.crisis ? { crisis: rule.crisis } : {}),
      ...(rule.instructions && !play ? { instructions: true } : {}),
    });
    return true;
  };
  for (const rule of RULES) {
    const pattern = rule.pattern;
    let count = 0;
    if (pattern.sticky) {
      // The rest of a request: tried where each request phrase ends.
      for (const [start, end] of requests) {
        if (count >= MAX_HITS_PER_RULE) break;
        pattern.lastIndex = end;
        const m = pattern.exec(text);
        if (m && add(rule, start, end + m[0].length)) count++;
      }
      continue;
    }
    pattern.lastIndex = 0;
    let m: RegExpExecArray | null;
    while (count < MAX_HITS_PER_RULE && (m = pattern.exec(text))) {
      if (m[0].length === 0) {
        pattern.lastIndex++;
        continue;
      }
      count++;
      add(rule, m.index, m.index + m[0].length);
    }
  }
  return hits;
}

/** Upper-case DAN is the best-known jailbreak persona; "Dan" the name is not. */
const DAN = /\bDAN\b|\bD\.A\.N\.?(?=\s|$)/g;

function detectDan(original: string): Hit[] {
  DAN.lastIndex = 0;
  const m = DAN.exec(original);
  if (!m) return [];
  return [
    {
      category: 'jailbreak',
      severity: 'high',
      label: 'jailbreak attempt',
      evidence: m[0],
      start: m.index,
      end: m.index + m[0].length,
    },
  ];
}

/** Every local detector over one text; each view is built once (the stream guard keeps its own). */
export function detectAll(
  original: string,
  keywords: KeywordMatcher | null,
  view: TextView = lexiconView(original),
): Hit[] {
  const hits: Hit[] = [];
  if (keywords && !keywords.isEmpty)
    hits.push(...keywords.find(original, keywordView(original, view)));
  hits.push(...detectLexicon(original, view));
  hits.push(...detectProfanity(original, view));
  hits.push(...detectPersonalInfo(original, view));
  hits.push(...detectDan(original));
  return hits;
}
