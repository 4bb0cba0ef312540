import type { FilterLevel } from '@sprout/shared';

export type Category =
  | 'keyword'
  | 'sexual'
  | 'self_harm'
  | 'violence'
  | 'weapons'
  | 'drugs_alcohol'
  | 'hate_harassment'
  | 'profanity'
  | 'personal_info'
  | 'grooming'
  | 'jailbreak'
  | 'illegal';

export type Severity = 'low' | 'medium' | 'high' | 'critical';

export interface Detection {
  category: Category;
  severity: Severity;
  /** The words of the text that triggered the detection, as written. */
  evidence: string;
  /** What was found, e.g. 'phone number', 'suicidal thoughts' or the parent's keyword. */
  label?: string;
}

export interface ModerationContext {
  filter: FilterLevel;
  age: number | null;
  /** The parent's keywords, already normalised (trimmed, lower case). */
  keywords: readonly string[];
}

export interface ModerationVerdict {
  action: 'allow' | 'flag' | 'block';
  flagged: boolean;
  /** What was found, e.g. "Keyword match: 'fortnite'; Personal information: phone number". */
  reason: string | null;
  /** The categories behind the flag or block (empty when allowed unflagged). */
  categories: Category[];
  /**
   * A crisis signal about the child (suicidal thoughts, self-injury, abuse): the caller always
   * notifies the parent and the redirect is the crisis answer.
   */
  selfHarm: boolean;
  detections: Detection[];
}

export interface ResponseGuard {
  /** Text that may be sent now; `stop` when a blocked category appeared (nothing of it is sent). */
  push(chunk: string): { emit: string; stop: boolean };
  /** Flushes the held-back tail and returns the verdict for the whole response. */
  end(): { emit: string; verdict: ModerationVerdict };
}

/** A detection with its place in the text, used internally (streaming windows, evidence). */
export interface Hit extends Detection {
  start: number;
  end: number;
  /** A crisis signal about the writer (self-harm thoughts, abuse disclosure). */
  crisis?: 'self_harm' | 'abuse';
  /** Self-harm methods, instructions for crimes or weapons: blocked even at lenient. */
  instructions?: boolean;
}

export const SEVERITY_RANK: Readonly<Record<Severity, number>> = {
  low: 0,
  medium: 1,
  high: 2,
  critical: 3,
};
