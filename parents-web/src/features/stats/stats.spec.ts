import { describe, expect, it } from 'vitest';
import {
  changeText,
  chatModeOf,
  flaggedPercentage,
  isHighFlagged,
  mostUsedMode,
  totalPrompts,
} from './stats';

const counts = (Learn: number, Play: number, Imagine: number, Homework: number, Bible: number) => ({
  Learn,
  Play,
  Imagine,
  Homework,
  Bible,
});

describe('stats computations', () => {
  it('adds the prompts of every mode', () => {
    expect(totalPrompts(counts(1, 2, 3, 4, 5))).toBe(15);
  });

  it('names the most-used mode, the first listed on a tie, none when empty', () => {
    expect(mostUsedMode(counts(1, 7, 3, 0, 0))).toBe('Play');
    expect(mostUsedMode(counts(4, 4, 0, 0, 0))).toBe('Learn');
    expect(mostUsedMode(counts(0, 0, 9, 0, 0))).toBe('Imagine');
    expect(mostUsedMode(counts(0, 0, 0, 0, 0))).toBeNull();
  });

  it('gives the flagged share to one decimal', () => {
    expect(flaggedPercentage(1, 3)).toBe('33.3%');
    expect(flaggedPercentage(2, 8)).toBe('25.0%');
    expect(flaggedPercentage(0, 0)).toBe('0.0%');
  });

  it('warns only above five flagged items', () => {
    expect(isHighFlagged(5)).toBe(false);
    expect(isHighFlagged(6)).toBe(true);
  });

  it('maps Imagine back to Story Time for the log filter', () => {
    expect(chatModeOf('Imagine')).toBe('Story Time');
    expect(chatModeOf('Bible')).toBe('Bible');
  });

  it('describes the change against the previous period', () => {
    expect(changeText(5, 2)).toBe('+3 vs previous period');
    expect(changeText(1, 4)).toBe('-3 vs previous period');
    expect(changeText(2, 2)).toBe('Same as previous period');
  });
});
