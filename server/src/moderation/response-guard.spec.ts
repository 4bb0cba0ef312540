import { AppConfig } from '../config/app-config';
import { CONTEXT, RULES } from './detectors';
import type { Hit, ModerationContext, ResponseGuard } from './moderation.types';
import { ModerationService } from './moderation.service';
import { type TextView, lexiconView } from './normalize';
import {
  GUARD_BATCH_CHARS,
  GUARD_BATCH_MS,
  GUARD_MAX_HOLD,
  StreamingResponseGuard,
  guardLookback,
} from './response-guard';
import { maxMatchLength } from './regex-span';

const ctx: ModerationContext = { filter: 'moderate', age: 10, keywords: ['fortnite'] };
const service = new ModerationService(new AppConfig({}), null);

/** A clock the test moves: `slow` streams arrive one batch interval apart, `fast` all at once. */
function clock() {
  let t = 0;
  return { now: () => t, tick: (ms = GUARD_BATCH_MS) => (t += ms) };
}

/** Streams the chunks; `stopped` when the guard stopped the answer, mid-stream or at its end. */
function stream(guard: ResponseGuard, chunks: string[], tick: () => unknown = () => undefined) {
  const emitted: string[] = [];
  let stoppedEarly = false;
  for (const chunk of chunks) {
    const { emit, stop } = guard.push(chunk);
    emitted.push(emit);
    tick();
    if (stop) {
      stoppedEarly = true;
      break;
    }
  }
  const end = guard.end();
  if (!stoppedEarly) emitted.push(end.emit);
  const stopped = stoppedEarly || end.verdict.action === 'block';
  return { emitted, text: emitted.join(''), stopped, verdict: end.verdict };
}

const words = (text: string) => text.match(/\S+\s*|\s+/g)!;

/** A guard with the service's detectors and a clock of the test's. */
function guardWith(now: () => number, context: ModerationContext = ctx) {
  return service.createResponseGuard(context, { now });
}

describe('ResponseGuard', () => {
  it('passes a clean answer word by word when it streams at a reading pace', () => {
    const c = clock();
    const result = stream(guardWith(c.now), ['The ', 'sky ', 'is ', 'blue.'], () => c.tick());
    expect(result.emitted).toEqual(['The ', 'sky ', 'is ', '', 'blue.']);
    expect(result.text).toBe('The sky is blue.');
    expect(result.verdict.action).toBe('allow');
  });

  it('sends the first word at once and then batches a fast stream', () => {
    const c = clock();
    const chunks = words('The sky looks blue because sunlight is made of many colours, and the ')
      .concat(words('tiny bits of air scatter the blue light much more than the red light.'))
      .map(String);
    const result = stream(guardWith(c.now), chunks, () => c.tick(1));
    expect(result.text).toBe(chunks.join(''));
    expect(result.emitted[0]).toBe('The ');
    const releases = result.emitted.filter(Boolean);
    expect(releases.length).toBeLessThan(chunks.length / 4);
    for (const release of releases.slice(1, -1)) {
      expect(release.length).toBeGreaterThanOrEqual(GUARD_BATCH_CHARS);
    }
  });

  it('releases what waits when the stream pauses', () => {
    const c = clock();
    const guard = guardWith(c.now);
    expect(guard.push('Once ').emit).toBe('Once ');
    expect(guard.push('upon a ti').emit).toBe('');
    expect(guard.waiting).toBe(true);
    expect(guard.flush()).toEqual({ emit: 'upon a ', stop: false });
    expect(guard.waiting).toBe(false);
    expect(guard.flush()).toEqual({ emit: '', stop: false });
    expect(guard.end().emit).toBe('ti');
  });

  it('holds back only a trailing partial word', () => {
    const c = clock();
    const guard = guardWith(c.now);
    expect(guard.push('Hello wor')).toEqual({ emit: 'Hello ', stop: false });
    c.tick();
    expect(guard.push('ld, friend')).toEqual({ emit: 'world, ', stop: false });
    expect(guard.end().emit).toBe('friend');
  });

  describe.each([
    ['slow', GUARD_BATCH_MS],
    ['fast', 1],
  ])('a %s stream', (_pace, ms) => {
    it('stops before a blocked phrase and never sends part of it', () => {
      const c = clock();
      const chunks = words('Sure! Here is how to build a bomb: pack explosive powder into a pipe.')
        .flatMap((word) => [word.slice(0, 2), word.slice(2)])
        .filter(Boolean);
      const result = stream(guardWith(c.now), chunks, () => c.tick(ms));
      expect(result.stopped).toBe(true);
      // Words before the blocked one were checked and safe to send; nothing of "bomb" is.
      expect('Sure! Here is how to build a '.startsWith(result.text)).toBe(true);
      expect(result.text).not.toMatch(/bo/);
      expect(result.verdict).toMatchObject({ action: 'block', flagged: true, reason: 'Weapons' });
    });

    it('never emits half of a blocked word split across chunks', () => {
      const c = clock();
      const guard = guardWith(c.now, { ...ctx, filter: 'strict' });
      const result = stream(guard, ['You can say f', 'u', 'ck if', ' you want'], () => c.tick(ms));
      expect(result.stopped).toBe(true);
      expect('You can say '.startsWith(result.text)).toBe(true);
      expect(result.verdict.action).toBe('block');
    });

    it('sees a phrase that spans chunks long after it started', () => {
      const c = clock();
      const filler = Array.from({ length: 100 }, () => 'la ');
      const result = stream(
        guardWith(c.now),
        [...filler, "don't ", 'tell ', 'your ', 'parents ', 'ok'],
        () => c.tick(ms),
      );
      expect(result.stopped).toBe(true);
      expect(result.verdict.reason).toBe('Grooming or secrecy');
      expect(result.text).not.toMatch(/parents/);
      expect((filler.join('') + "don't tell your ").startsWith(result.text)).toBe(true);
    });

    it('flags without stopping when the answer only needs a parent to look', () => {
      const c = clock();
      const result = stream(guardWith(c.now), ['You ', 'like ', 'Fortnite', '!'], () => c.tick(ms));
      expect(result.stopped).toBe(false);
      expect(result.text).toBe('You like Fortnite!');
      expect(result.verdict).toMatchObject({ action: 'flag', reason: "Keyword match: 'fortnite'" });
    });
  });

  it('stops at the end of the answer when the last words are blocked', () => {
    const c = clock();
    const guard = guardWith(c.now);
    expect(guard.push('Here is how ').emit).toBe('Here is how ');
    expect(guard.push('to build a bomb').emit).toBe('');
    const end = guard.end();
    expect(end.emit).toBe('');
    expect(end.verdict).toMatchObject({ action: 'block', reason: 'Weapons' });
  });

  it('returns nothing more after a stop', () => {
    const guard = service.createResponseGuard(ctx);
    expect(guard.push('how to make a bomb ').stop).toBe(true);
    expect(guard.push('more words ')).toEqual({ emit: '', stop: true });
    expect(guard.flush()).toEqual({ emit: '', stop: true });
    expect(guard.end().emit).toBe('');
  });

  it('releases a very long run without spaces instead of holding it', () => {
    const guard = service.createResponseGuard(ctx);
    const run = 'x'.repeat(GUARD_MAX_HOLD + 1);
    expect(guard.push(run)).toEqual({ emit: run, stop: false });
  });

  it('checks a whole answer at once too', async () => {
    await expect(
      service.checkResponse('Here is how to build a bomb at home.', ctx),
    ).resolves.toMatchObject({ action: 'block', reason: 'Weapons', selfHarm: false });
  });
});

describe('StreamingResponseGuard look-back', () => {
  it('covers the longest phrase of every detector rule and the context read before it', () => {
    const lookback = guardLookback(RULES, CONTEXT);
    for (const rule of RULES) {
      const span = maxMatchLength(rule.pattern);
      if (Number.isFinite(span)) expect(span + CONTEXT).toBeLessThanOrEqual(lookback);
      else expect(rule.category).toBe('jailbreak');
    }
  });

  it('refuses a rule that could match past any look-back in a category that stops answers', () => {
    expect(() => guardLookback([{ pattern: /kill(?: \w+)*/, category: 'violence' }], 60)).toThrow(
      /no longest match/,
    );
  });

  const LOOKBACK = 120;
  /** A detector of one long phrase, in the lexicon view, that always blocks. */
  const phraseDetector = (phrase: string) => (original: string, view: TextView) => {
    const hits: Hit[] = [];
    for (let at = view.text.indexOf(phrase); at >= 0; at = view.text.indexOf(phrase, at + 1)) {
      hits.push({
        category: 'violence',
        severity: 'high',
        evidence: original.slice(view.map[at], view.map[at + phrase.length - 1] + 1),
        start: view.map[at],
        end: view.map[at + phrase.length - 1] + 1,
      });
    }
    return hits;
  };

  it.each([
    ['slow', GUARD_BATCH_MS],
    ['fast', 1],
  ])('sees a phrase as long as the look-back in a %s stream', (_pace, ms) => {
    const phrase = Array.from({ length: 30 }, (_, i) => `w${String(i).padStart(2, '0')}`)
      .join(' ')
      .slice(0, LOOKBACK);
    // Written with the noise the view drops: markup, apostrophes, doubled spaces.
    const written = phrase
      .split(' ')
      .map((w, i) => (i % 3 === 0 ? `**${w}**` : w))
      .join('  ');
    const c = clock();
    const guard = new StreamingResponseGuard(ctx, phraseDetector(phrase), () => true, {
      lookback: LOOKBACK,
      now: c.now,
    });
    const filler = Array.from({ length: 60 }, () => 'filler ').join('');
    const result = stream(guard, words(`${filler}${written} and more.`), () => c.tick(ms));
    expect(result.stopped).toBe(true);
    const lastWord = phrase.split(' ').pop()!;
    expect(result.text).not.toContain(lastWord);
  });

  it('scans a bounded window, and far fewer times than there are chunks', () => {
    const seen: number[] = [];
    const c = clock();
    const guard = new StreamingResponseGuard(
      ctx,
      (text) => {
        seen.push(text.length);
        return [];
      },
      () => false,
      { lookback: LOOKBACK, now: c.now },
    );
    for (let i = 0; i < 2000; i++) {
      guard.push('word ');
      c.tick(10);
    }
    guard.end();
    expect(Math.max(...seen)).toBeLessThan(LOOKBACK + GUARD_BATCH_CHARS + 2 * GUARD_MAX_HOLD);
    expect(seen.length).toBeLessThan(2000 / 4);
  });

  it('checks every window with the view normalising the whole window gives', () => {
    const vocabulary = [
      'the',
      'sky',
      'a',
      'I',
      'k',
      'n',
      'i',
      'f',
      'e',
      "don't",
      '**bold**',
      'k.n.i.f.e',
      'sooooo',
      'h3ll0',
      '4',
      '!!!',
      '(x)',
      'Ünïcödé',
      'f-u-c-k',
      'x'.repeat(GUARD_MAX_HOLD + 5),
    ];
    const separators = [' ', ' ', ' ', '  ', '\n', ', '];
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let run = 0; run < 60; run++) {
      let text = '';
      while (text.length < 400) {
        text += vocabulary[random(vocabulary.length)] + separators[random(separators.length)];
      }
      const chunks: string[] = [];
      for (let at = 0; at < text.length;) {
        const size = 1 + random(12);
        chunks.push(text.slice(at, at + size));
        at += size;
      }
      const c = clock();
      const checked: { window: string; view: TextView }[] = [];
      const guard = new StreamingResponseGuard(
        ctx,
        (window, view) => {
          checked.push({ window, view });
          return [];
        },
        () => false,
        { lookback: 40 + random(80), now: c.now },
      );
      const result = stream(guard, chunks, () => c.tick(random(2) ? 1 : GUARD_BATCH_MS));
      expect(result.text).toBe(text);
      for (const { window, view } of checked) expect(view).toEqual(lexiconView(window));
    }
  });
});
