/** Business constants and limits of spec §9 (and the few the architecture adds). */

export const PLAN_PRICE_USD = 12.99;
export const PLAN_PRICE_LABEL = '$12.99/month';
export const ACCOUNT_DELETION_BUSINESS_DAYS = 7;

export const LOGS_PAGE_SIZE = 10;
export const LOGS_MAX_PAGE_SIZE = 100;
export const PROMPT_PREVIEW_LENGTH = 100;
export const STATS_REFRESH_COOLDOWN_MS = 10_000;
/** The warning shows when the flagged count is above this number. */
export const FLAGGED_WARNING_THRESHOLD = 5;
export const FEEDBACK_AUTO_CLOSE_MS = 3_000;

export const USERNAME_SUFFIX_MIN = 100;
export const USERNAME_SUFFIX_MAX = 999;

export const TIME_RANGES = ['7days', '30days', 'all'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
export const TIME_RANGE_LABELS: Record<TimeRange, string> = {
  '7days': 'Last 7 Days',
  '30days': 'Last 30 Days',
  all: 'Start Of Year',
};

export const FILTER_LEVELS = ['strict', 'moderate', 'lenient'] as const;
export type FilterLevel = (typeof FILTER_LEVELS)[number];
export const DEFAULT_FILTER_LEVEL: FilterLevel = 'moderate';
export const FILTER_LEVEL_DESCRIPTIONS: Record<FilterLevel, string> = {
  strict: 'Strict: for the youngest, heavy restrictions',
  moderate: 'Moderate: recommended',
  lenient: 'Lenient: for older children, keyword monitoring',
};

export const CHILD_AGE_MIN = 0;
export const CHILD_AGE_MAX = 18;
/** Firebase Authentication's own minimum. */
export const PASSWORD_MIN_LENGTH = 6;

export const PROMPT_MAX_LENGTH = 2000;
export const HISTORY_MAX_ITEMS = 50;
export const HISTORY_ITEM_MAX_LENGTH = 20_000;
export const KEYWORD_MAX_LENGTH = 50;
export const KEYWORDS_MAX_PER_PARENT = 500;
export const FEEDBACK_MAX_LENGTH = 5000;

/** Speech (spec §4, §9). */
export const SPEECH = {
  manualWatchdogMs: 60_000,
  autoReadWatchdogMs: 60_000,
  startDelayMs: 100,
  manualDebounceMs: 300,
  voicePollMs: 100,
  maxFallbackVoices: 10,
  recognitionLang: 'en-US',
} as const;

/** The curated voice names, preferred in this order when present (spec §9). */
export const PREFERRED_VOICE_NAMES = [
  'Google US English',
  'Google UK English Female',
  'Google UK English Male',
  'Microsoft Zira',
  'Microsoft David',
  'Microsoft Mark',
  'Microsoft Hazel',
  'Microsoft George',
  'Samantha',
  'Alex',
  'Daniel',
  'Karen',
  'Rishi',
] as const;

/** A stream from POST /api/kids/chat may end with this character, then JSON {"image": url}. */
export const CHAT_IMAGE_LINE_PREFIX = '\u001e';
