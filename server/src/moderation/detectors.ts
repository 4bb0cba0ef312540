import type { KeywordMatcher } from './keyword-matcher';
import { LEXICON } from './lexicon';
import type { Hit } from './moderation.types';
import { type TextView, evidenceOf, keywordView, lexiconView } from './normalize';
import { detectPersonalInfo } from './personal-info.detector';
import { detectProfanity } from './profanity.detector';

/** At most this many hits per rule: enough evidence, bounded work on adversarial text. */
const MAX_HITS_PER_RULE = 8;

/** "steal a car in GTA", "build a weapon in Minecraft": play, not harm. */
const GAME =
  /\b(?:in|on|for|from|inside|playing) (?:minecraft|fortnite|roblox|gta(?: [0-9v]{1,3})?|grand theft auto|call of duty|cod|halo|zelda|skyrim|terraria|pokemon|among us|the sims|sims|animal crossing|overwatch|valorant|apex(?: legends)?|clash of clans|chess|(?:a |the |my |this |that )?(?:video ?games?|computer games?|board games?|card games?|games?))\b/;
const CONTEXT = 60;

function inGame(view: TextView, start: number, end: number): boolean {
  return GAME.test(view.text.slice(Math.max(0, start - CONTEXT), end + CONTEXT));
}

/** The built-in category lexicons (sexual, self-harm, violence, weapons, drugs, hate, ...). */
export function detectLexicon(original: string, view: TextView): Hit[] {
  const hits: Hit[] = [];
  for (const rule of LEXICON) {
    const pattern = rule.pattern;
    pattern.lastIndex = 0;
    let count = 0;
    let m: RegExpExecArray | null;
    while (count < MAX_HITS_PER_RULE && (m = pattern.exec(view.text))) {
      if (m[0].length === 0) {
        pattern.lastIndex++;
        continue;
      }
      count++;
      const start = m.index;
      const end = m.index + m[0].length;
      const play = !rule.crisis && rule.category !== 'sexual' && inGame(view, start, end);
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

/** Every local detector over one text; each view is built once. */
export function detectAll(original: string, keywords: KeywordMatcher | null): Hit[] {
  const view = lexiconView(original);
  const hits: Hit[] = [];
  if (keywords && !keywords.isEmpty)
    hits.push(...keywords.find(original, keywordView(original, view)));
  hits.push(...detectLexicon(original, view));
  hits.push(...detectProfanity(original, view));
  hits.push(...detectPersonalInfo(original, view));
  hits.push(...detectDan(original));
  return hits;
}
