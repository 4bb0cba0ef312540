/** The five modes a child can chat in (spec §3), in the order the app shows them. */
export const CHILD_MODES = ['Learn', 'Play', 'Story Time', 'Homework', 'Bible'] as const;
export type ChildMode = (typeof CHILD_MODES)[number];

/** Internal mode used only to explain one word (spec §3). */
export const EXPLAIN_MODE = 'Explain' as const;
export type ChatMode = ChildMode | typeof EXPLAIN_MODE;

/** Statistics call Story Time "Imagine" (spec §3, §9). */
export const STATS_MODES = ['Learn', 'Play', 'Imagine', 'Homework', 'Bible'] as const;
export type StatsMode = (typeof STATS_MODES)[number];

export const DEFAULT_CHILD_MODE: ChildMode = 'Learn';

export interface ModeInfo {
  name: ChildMode;
  statsName: StatsMode;
  description: string;
  samplePrompts: readonly [string, string, string];
  /** Background colour of the mode button. */
  colour: string;
  colourName: string;
}

export const MODE_INFO: Record<ChildMode, ModeInfo> = {
  Learn: {
    name: 'Learn',
    statsName: 'Learn',
    description: 'Ask me about anything, like planets or why the sky is blue!',
    samplePrompts: ['What is 10x10?', 'Tell me about dinosaurs', 'Why do we have seasons?'],
    colour: '#1e3a8a',
    colourName: 'dark blue',
  },
  Play: {
    name: 'Play',
    statsName: 'Play',
    description: "Let's have fun with jokes, games and silly stories!",
    samplePrompts: ['Tell me a joke', "Let's play a guessing game", 'Tell me a funny story'],
    colour: '#f97316',
    colourName: 'orange',
  },
  'Story Time': {
    name: 'Story Time',
    statsName: 'Imagine',
    description: "Let's read a tale together or make up a story of our own!",
    samplePrompts: [
      'Tell me a story about a brave knight',
      'A story about talking animals',
      "Let's make up a story about a magical candy land",
    ],
    colour: '#eab308',
    colourName: 'yellow',
  },
  Homework: {
    name: 'Homework',
    statsName: 'Homework',
    description: "I can help you with math, science and more. Let's work it out together!",
    samplePrompts: ['What is 5x7?', "What's a verb?", 'How does photosynthesis work?'],
    colour: '#7c3aed',
    colourName: 'purple',
  },
  Bible: {
    name: 'Bible',
    statsName: 'Bible',
    description: 'Discover Bible stories, characters and verses.',
    samplePrompts: [
      'Tell me about David and Goliath',
      'Who was Moses?',
      'What does John 3:16 say?',
    ],
    colour: '#0d9488',
    colourName: 'teal',
  },
};

/** Colour for any mode outside the table (spec §3: other modes are grey). */
export const OTHER_MODE_COLOUR = '#6b7280';

export function isChildMode(value: unknown): value is ChildMode {
  return typeof value === 'string' && (CHILD_MODES as readonly string[]).includes(value);
}

export function isChatMode(value: unknown): value is ChatMode {
  return value === EXPLAIN_MODE || isChildMode(value);
}

export function modeColour(mode: string): string {
  return isChildMode(mode) ? MODE_INFO[mode].colour : OTHER_MODE_COLOUR;
}

/** The name statistics use for a mode: Story Time becomes Imagine. */
export function statsModeName(mode: ChildMode): StatsMode {
  return MODE_INFO[mode].statsName;
}

/** The mode a statistics name stands for: Imagine becomes Story Time. */
export function childModeFromStats(mode: StatsMode): ChildMode {
  return CHILD_MODES.find((m) => MODE_INFO[m].statsName === mode) ?? DEFAULT_CHILD_MODE;
}

/** The welcome message (spec §3): a bold heading, the description and a 'Try these:' list. */
export function welcomeMessage(mode: ChildMode): string {
  const info = MODE_INFO[mode];
  const prompts = info.samplePrompts.map((p) => `- ${p}`).join('\n');
  return `**Welcome to ${mode} Mode!**\n\n${info.description}\n\nTry these:\n${prompts}`;
}

export function welcomeMessageId(mode: ChildMode, uid: string): string {
  return `welcome-${mode}-${uid}`;
}
