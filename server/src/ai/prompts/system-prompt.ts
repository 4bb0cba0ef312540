import type { ChatMode, FilterLevel } from '@sprout/shared';
import { BIBLE_PROMPT } from './bible.prompt';
import { EXPLAIN_PROMPT } from './explain.prompt';
import { HOMEWORK_PROMPT } from './homework.prompt';
import { LEARN_PROMPT } from './learn.prompt';
import { PLAY_PROMPT } from './play.prompt';
import { audienceRules, FILTER_RULES, formatRules, SAFETY_RULES } from './safety.prompt';
import { STORY_TIME_PROMPT } from './story-time.prompt';

export const MODE_PROMPTS: Record<ChatMode, string> = {
  Learn: LEARN_PROMPT,
  Play: PLAY_PROMPT,
  'Story Time': STORY_TIME_PROMPT,
  Homework: HOMEWORK_PROMPT,
  Bible: BIBLE_PROMPT,
  Explain: EXPLAIN_PROMPT,
};

/**
 * The system prompt for one request: who Sprout is in this mode, the mode's instructions, the
 * child's age, the filter level, the safety rules and the writing format, in that order.
 */
export function systemPrompt(input: {
  mode: ChatMode;
  age: number | null;
  filter: FilterLevel;
}): string {
  const { audience, maxWords } = audienceRules(input.age);
  return [
    `You are Sprout, a friendly and safe AI helper for children, in ${input.mode} mode.`,
    MODE_PROMPTS[input.mode],
    `About the child:\n- ${audience}`,
    FILTER_RULES[input.filter],
    SAFETY_RULES,
    formatRules(maxWords),
  ].join('\n\n');
}
