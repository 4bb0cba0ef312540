import type { FilterLevel } from '@sprout/shared';
import {
  type Category,
  type Detection,
  type Hit,
  type ModerationContext,
  type ModerationVerdict,
  SEVERITY_RANK,
} from './moderation.types';

export type Source = 'prompt' | 'response';
type Effect = 'block' | 'flag' | 'none';

/** Below this age a moderate filter treats sexual content and violence like strict. */
export const YOUNG_CHILD_AGE = 8;

const CATEGORY_NAMES: Readonly<Record<Category, string>> = {
  keyword: 'Keyword match',
  sexual: 'Sexual content',
  self_harm: 'Self-harm',
  violence: 'Violence',
  weapons: 'Weapons',
  drugs_alcohol: 'Drugs or alcohol',
  hate_harassment: 'Hate or harassment',
  profanity: 'Profanity',
  personal_info: 'Personal information',
  grooming: 'Grooming or secrecy',
  jailbreak: 'Jailbreak attempt',
  illegal: 'Illegal activity',
};

/** Order of reasons and categories: what matters most to a parent first. */
const CATEGORY_ORDER: readonly Category[] = [
  'self_harm',
  'violence',
  'sexual',
  'grooming',
  'weapons',
  'drugs_alcohol',
  'illegal',
  'hate_harassment',
  'jailbreak',
  'profanity',
  'personal_info',
  'keyword',
];

/** At strict even a mention blocks: swearing, sexual words, drugs and alcohol, weapons. */
const STRICT_ALWAYS = new Set<Category>(['profanity', 'sexual', 'drugs_alcohol', 'weapons']);

/**
 * ARCHITECTURE §7.
 * - strict: block every sensitive category from medium up, and even a mention of swearing, sex,
 *   drugs or weapons; flag every block and personal information.
 * - moderate: block high and critical; answer the rest; flag medium and up. Under 8, sexual
 *   content and violence are treated as strict.
 * - lenient: block only the most severe (critical, explicit sexual content, self-harm methods and
 *   instructions for crimes or weapons); flag keyword matches, personal information and anything
 *   high.
 * Everywhere: parent keywords flag and never block by themselves; a crisis signal in a prompt
 * (self-harm thoughts, abuse) is answered with the crisis message and always flags; a mention in
 * a story ("David killed Goliath") is low and never blocks.
 */
function effectOf(hit: Hit, ctx: ModerationContext, source: Source): Effect {
  if (hit.category === 'keyword') return 'flag';
  if (hit.crisis && source === 'prompt') return 'block';
  // An answer cannot be a jailbreak; refusals even quote the phrases ("As an AI language model").
  if (hit.category === 'jailbreak' && source === 'response') return 'none';
  // A crisis phrase in an answer is a character in a story, not the child: a topic to flag.
  const rank = hit.crisis && !hit.instructions ? SEVERITY_RANK.medium : SEVERITY_RANK[hit.severity];
  if (hit.instructions && rank >= SEVERITY_RANK.high) return 'block';
  const level = levelFor(hit.category, ctx);
  if (level === 'strict') {
    // Mild swearing too: the youngest get "let's use kind words" instead of an answer.
    if (rank >= SEVERITY_RANK.medium || STRICT_ALWAYS.has(hit.category)) return 'block';
    return 'none';
  }
  if (level === 'moderate') {
    if (rank >= SEVERITY_RANK.high) return 'block';
    if (rank >= SEVERITY_RANK.medium) return 'flag';
    return 'none';
  }
  if (rank >= SEVERITY_RANK.critical) return 'block';
  if (hit.category === 'sexual' && rank >= SEVERITY_RANK.high) return 'block';
  if (hit.category === 'self_harm' && rank >= SEVERITY_RANK.high) return 'block';
  if (hit.category === 'personal_info' && rank >= SEVERITY_RANK.medium) return 'flag';
  if (rank >= SEVERITY_RANK.high) return 'flag';
  return 'none';
}

function levelFor(category: Category, ctx: ModerationContext): FilterLevel {
  if (
    ctx.filter === 'moderate' &&
    ctx.age !== null &&
    ctx.age < YOUNG_CHILD_AGE &&
    (category === 'sexual' || category === 'violence')
  ) {
    return 'strict';
  }
  return ctx.filter;
}

/** True when the hit would stop a streamed answer. */
export function blocksResponse(hit: Hit, ctx: ModerationContext): boolean {
  return effectOf(hit, ctx, 'response') === 'block';
}

export function reasonFor(hit: Hit): string {
  const name = CATEGORY_NAMES[hit.category];
  if (hit.category === 'keyword') return `${name}: '${hit.label}'`;
  if (hit.crisis === 'abuse') return 'Abuse disclosure';
  if (hit.category === 'personal_info' || hit.category === 'self_harm') {
    return hit.label ? `${name}: ${hit.label}` : name;
  }
  return name;
}

export function decide(
  hits: readonly Hit[],
  ctx: ModerationContext,
  source: Source,
): ModerationVerdict {
  const scored = hits.map((hit) => ({ hit, effect: effectOf(hit, ctx, source) }));
  const counted = scored.filter((s) => s.effect !== 'none');
  counted.sort(
    (a, b) =>
      Number(b.effect === 'block') - Number(a.effect === 'block') ||
      SEVERITY_RANK[b.hit.severity] - SEVERITY_RANK[a.hit.severity] ||
      CATEGORY_ORDER.indexOf(a.hit.category) - CATEGORY_ORDER.indexOf(b.hit.category) ||
      a.hit.start - b.hit.start,
  );
  const reasons: string[] = [];
  const categories: Category[] = [];
  for (const { hit } of counted) {
    const reason = reasonFor(hit);
    if (!reasons.includes(reason)) reasons.push(reason);
    if (!categories.includes(hit.category)) categories.push(hit.category);
  }
  const action = counted.some((s) => s.effect === 'block')
    ? 'block'
    : counted.length
      ? 'flag'
      : 'allow';
  return {
    action,
    flagged: action !== 'allow',
    reason: reasons.length ? reasons.join('; ') : null,
    categories,
    selfHarm: source === 'prompt' && hits.some((h) => h.crisis),
    detections: toDetections(hits),
  };
}

/** Public detections: no offsets, one per category, label and evidence. */
export function toDetections(hits: readonly Hit[]): Detection[] {
  const seen = new Set<string>();
  const out: Detection[] = [];
  for (const h of hits) {
    const key = `${h.category}\u0000${h.label ?? ''}\u0000${h.evidence.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const detection: Detection = {
      category: h.category,
      severity: h.severity,
      evidence: h.evidence,
    };
    if (h.label !== undefined) detection.label = h.label;
    out.push(detection);
  }
  return out;
}

/** The first category that blocked, in the order a parent cares about (for the redirect). */
export function primaryBlock(verdict: ModerationVerdict): Category | null {
  if (verdict.action !== 'block') return null;
  return verdict.categories[0] ?? null;
}
