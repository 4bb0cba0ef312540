import { SPEECH } from '@sprout/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSynthesis, makeVoice } from '../../testing/fake-speech';
import { chooseVoice, isEnglishVoice, selectVoiceList, watchVoices } from './voices';

const names = (voices: { name: string }[]) => voices.map((v) => v.name);

describe('selectVoiceList', () => {
  it('keeps English voices only', () => {
    expect(isEnglishVoice(makeVoice({ lang: 'en-GB' }))).toBe(true);
    expect(isEnglishVoice(makeVoice({ lang: 'en_US' }))).toBe(true);
    expect(isEnglishVoice(makeVoice({ lang: 'en' }))).toBe(true);
    expect(isEnglishVoice(makeVoice({ lang: 'es-ES' }))).toBe(false);
    expect(isEnglishVoice(makeVoice({ lang: 'eng' }))).toBe(false);
  });

  it('prefers the curated voices, in the curated order', () => {
    const list = selectVoiceList([
      makeVoice({ name: 'Karen', lang: 'en-AU' }),
      makeVoice({ name: 'Microsoft Zira - English (United States)' }),
      makeVoice({ name: 'Google Deutsch', lang: 'de-DE', localService: false }),
      makeVoice({ name: 'Random English', localService: false }),
      makeVoice({ name: 'Google US English', localService: false }),
      makeVoice({ name: 'Alexandra' }),
      makeVoice({ name: 'Samantha', lang: 'fr-FR' }),
    ]);
    expect(names(list)).toEqual([
      'Google US English',
      'Microsoft Zira - English (United States)',
      'Karen',
    ]);
  });

  it('otherwise takes up to 10 non-local English voices', () => {
    const remote = Array.from({ length: 12 }, (_, i) =>
      makeVoice({ name: `Cloud ${i}`, localService: false }),
    );
    const list = selectVoiceList([makeVoice({ name: 'Local' }), ...remote]);
    expect(list).toHaveLength(SPEECH.maxFallbackVoices);
    expect(names(list)).toEqual(remote.slice(0, 10).map((v) => v.name));
  });

  it('otherwise takes the first 10 English voices', () => {
    const local = Array.from({ length: 11 }, (_, i) => makeVoice({ name: `espeak ${i}` }));
    const list = selectVoiceList([makeVoice({ name: 'French', lang: 'fr-FR' }), ...local]);
    expect(names(list)).toEqual(local.slice(0, 10).map((v) => v.name));
  });

  it('is empty without English voices', () => {
    expect(selectVoiceList([makeVoice({ lang: 'de-DE' })])).toEqual([]);
  });
});

describe('chooseVoice', () => {
  const local = makeVoice({ name: 'Samantha' });
  const remote = makeVoice({ name: 'Microsoft Aria Online', localService: false });
  const google = makeVoice({ name: 'Google UK English Male', localService: false });
  const localGoogle = makeVoice({ name: 'Google offline', localService: true });

  it('takes the preferred voice by URI first', () => {
    expect(chooseVoice([google, remote, local], local.voiceURI)).toBe(local);
  });

  it('then a non-local Google voice', () => {
    expect(chooseVoice([local, localGoogle, remote, google], 'uri:missing')).toBe(google);
  });

  it('then any non-local voice', () => {
    expect(chooseVoice([local, localGoogle, remote], null)).toBe(remote);
  });

  it('then the first voice, or none', () => {
    expect(chooseVoice([local, localGoogle], null)).toBe(local);
    expect(chooseVoice([], 'x')).toBeNull();
  });
});

describe('watchVoices', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('re-checks every 100 ms until voices appear, then stops polling', () => {
    vi.useFakeTimers();
    const synthesis = new FakeSynthesis();
    const getVoices = vi.spyOn(synthesis, 'getVoices');
    const onVoices = vi.fn();
    const stop = watchVoices(synthesis, onVoices);
    expect(getVoices).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(SPEECH.voicePollMs * 3);
    expect(getVoices).toHaveBeenCalledTimes(4);
    expect(onVoices).not.toHaveBeenCalled();

    const voices = [makeVoice()];
    synthesis.loadVoicesQuietly(voices);
    vi.advanceTimersByTime(SPEECH.voicePollMs);
    expect(onVoices).toHaveBeenCalledWith(voices);

    vi.advanceTimersByTime(SPEECH.voicePollMs * 10);
    expect(getVoices).toHaveBeenCalledTimes(5);
    expect(onVoices).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reports voices at once when they are already there, and later changes', () => {
    vi.useFakeTimers();
    const synthesis = new FakeSynthesis();
    synthesis.loadVoicesQuietly([makeVoice({ name: 'A' })]);
    const onVoices = vi.fn();
    const stop = watchVoices(synthesis, onVoices);
    expect(onVoices).toHaveBeenCalledTimes(1);
    synthesis.changeVoices([makeVoice({ name: 'A' }), makeVoice({ name: 'B' })]);
    expect(onVoices).toHaveBeenCalledTimes(2);
    stop();
    expect(synthesis.voiceListenerCount).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
