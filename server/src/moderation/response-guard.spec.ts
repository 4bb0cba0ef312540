import { AppConfig } from '../config/app-config';
import type { ModerationContext, ResponseGuard } from './moderation.types';
import { ModerationService } from './moderation.service';
import { GUARD_MAX_HOLD, StreamingResponseGuard } from './response-guard';

const ctx: ModerationContext = { filter: 'moderate', age: 10, keywords: ['fortnite'] };
const service = new ModerationService(new AppConfig({}), null);

function stream(guard: ResponseGuard, chunks: string[]) {
  const emitted: string[] = [];
  let stopped = false;
  for (const chunk of chunks) {
    const { emit, stop } = guard.push(chunk);
    emitted.push(emit);
    if (stop) {
      stopped = true;
      break;
    }
  }
  const end = guard.end();
  if (!stopped) emitted.push(end.emit);
  return { emitted, text: emitted.join(''), stopped, verdict: end.verdict };
}

describe('ResponseGuard', () => {
  it('passes a clean answer word by word and allows it', () => {
    const result = stream(service.createResponseGuard(ctx), ['The ', 'sky ', 'is ', 'blue.']);
    expect(result.emitted).toEqual(['The ', 'sky ', 'is ', '', 'blue.']);
    expect(result.text).toBe('The sky is blue.');
    expect(result.verdict.action).toBe('allow');
  });

  it('holds back only a trailing partial word', () => {
    const guard = service.createResponseGuard(ctx);
    expect(guard.push('Hello wor')).toEqual({ emit: 'Hello ', stop: false });
    expect(guard.push('ld, friend')).toEqual({ emit: 'world, ', stop: false });
    expect(guard.end().emit).toBe('friend');
  });

  it('stops before a blocked phrase and never sends part of it', () => {
    const chunks = 'Sure! Here is how to build a bomb: pack explosive powder into a pipe.'
      .match(/\S+\s*|\s+/g)!
      .flatMap((word) => [word.slice(0, 2), word.slice(2)])
      .filter(Boolean);
    const result = stream(service.createResponseGuard(ctx), chunks);
    expect(result.stopped).toBe(true);
    // Words before the blocked one were already safe to send; nothing of "bomb" is.
    expect(result.text).toBe('Sure! Here is how to build a ');
    expect(result.text).not.toMatch(/bo/);
    expect(result.verdict).toMatchObject({ action: 'block', flagged: true, reason: 'Weapons' });
  });

  it('never emits half of a blocked word split across chunks', () => {
    const result = stream(service.createResponseGuard({ ...ctx, filter: 'strict' }), [
      'You can say f',
      'u',
      'ck if',
      ' you want',
    ]);
    expect(result.stopped).toBe(true);
    expect(result.text).toBe('You can say ');
  });

  it('returns nothing more after a stop', () => {
    const guard = service.createResponseGuard(ctx);
    expect(guard.push('how to make a bomb ').stop).toBe(true);
    expect(guard.push('more words ')).toEqual({ emit: '', stop: true });
    expect(guard.end().emit).toBe('');
  });

  it('flags without stopping when the answer only needs a parent to look', () => {
    const result = stream(service.createResponseGuard(ctx), ['You ', 'like ', 'Fortnite', '!']);
    expect(result.stopped).toBe(false);
    expect(result.text).toBe('You like Fortnite!');
    expect(result.verdict).toMatchObject({ action: 'flag', reason: "Keyword match: 'fortnite'" });
  });

  it('sees a phrase that spans chunks long after it started', () => {
    const filler = Array.from({ length: 100 }, () => 'la ');
    const result = stream(service.createResponseGuard(ctx), [
      ...filler,
      "don't ",
      'tell ',
      'your ',
      'parents ',
      'ok',
    ]);
    expect(result.stopped).toBe(true);
    expect(result.verdict.reason).toBe('Grooming or secrecy');
    expect(result.text).toBe(filler.join('') + "don't tell your ");
  });

  it('releases a very long run without spaces instead of holding it', () => {
    const guard = service.createResponseGuard(ctx);
    const run = 'x'.repeat(GUARD_MAX_HOLD + 1);
    expect(guard.push(run)).toEqual({ emit: run, stop: false });
  });

  it('scans a bounded window, not the whole answer, on every chunk', () => {
    const seen: number[] = [];
    const guard = new StreamingResponseGuard(
      ctx,
      (text) => {
        seen.push(text.length);
        return [];
      },
      () => false,
    );
    for (let i = 0; i < 2000; i++) guard.push('word ');
    guard.end();
    expect(Math.max(...seen)).toBeLessThan(300);
  });

  it('checks a whole answer at once too', async () => {
    await expect(
      service.checkResponse('Here is how to build a bomb at home.', ctx),
    ).resolves.toMatchObject({ action: 'block', reason: 'Weapons', selfHarm: false });
  });
});
