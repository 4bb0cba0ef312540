/** The figures of the Stats tab (spec §2), computed from the stats response. */
import {
  FLAGGED_WARNING_THRESHOLD,
  STATS_MODES,
  type ChildMode,
  type ModeCounts,
  type StatsMode,
  type StatsResponse,
} from '@sprout/shared';

export const EMPTY_COUNTS: ModeCounts = { Learn: 0, Play: 0, Imagine: 0, Homework: 0, Bible: 0 };

export const EMPTY_STATS: StatsResponse = {
  promptCounts: EMPTY_COUNTS,
  previousPromptCounts: EMPTY_COUNTS,
  flaggedCount: 0,
  previousFlaggedCount: 0,
};

export function totalPrompts(counts: ModeCounts): number {
  return STATS_MODES.reduce((sum, mode) => sum + (counts[mode] ?? 0), 0);
}

/** The mode with the most prompts; null when there are none (ties go to the first listed). */
export function mostUsedMode(counts: ModeCounts): StatsMode | null {
  let best: StatsMode | null = null;
  for (const mode of STATS_MODES) {
    if ((counts[mode] ?? 0) > 0 && (best === null || counts[mode] > counts[best])) best = mode;
  }
  return best;
}

/** Flagged share of all prompts, to one decimal: '12.5%'. */
export function flaggedPercentage(flagged: number, total: number): string {
  return `${total > 0 ? ((flagged / total) * 100).toFixed(1) : '0.0'}%`;
}

export function isHighFlagged(flagged: number): boolean {
  return flagged > FLAGGED_WARNING_THRESHOLD;
}

/** Statistics say Imagine where the chat says Story Time (spec §3). */
export function chatModeOf(mode: StatsMode): ChildMode {
  return mode === 'Imagine' ? 'Story Time' : mode;
}

/** '+3 vs previous period', '-2 vs previous period' or 'Same as previous period'. */
export function changeText(current: number, previous: number): string {
  const delta = current - previous;
  if (delta === 0) return 'Same as previous period';
  return `${delta > 0 ? '+' : ''}${delta} vs previous period`;
}
