import { SPEECH } from '@sprout/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSynthesis, fakeSynthesisSupport, makeVoice } from '../../testing/fake-speech';
import {
  IDLE_STATE,
  ReadAloudController,
  SPEECH_UNSUPPORTED_MESSAGE,
  manualSpeechErrorMessage,
} from './read-aloud';

describe('ReadAloudController', () => {
  let synthesis: FakeSynthesis;
  let alert: ReturnType<typeof vi.fn<(message: string) => void>>;
  let logError: ReturnType<typeof vi.fn<(message: string, detail?: unknown) => void>>;
  let controller: ReadAloudController;

  beforeEach(() => {
    vi.useFakeTimers();
    synthesis = new FakeSynthesis();
    alert = vi.fn<(message: string) => void>();
    logError = vi.fn<(message: string, detail?: unknown) => void>();
    controller = new ReadAloudController({
      support: fakeSynthesisSupport(synthesis),
      alert,
      logError,
    });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** Waits out the manual debounce so the next press counts. */
  const afterDebounce = () => vi.advanceTimersByTime(SPEECH.manualDebounceMs);

  it('goes idle → starting → speaking → idle, starting 100 ms after clearing the queue', () => {
    const states: string[] = [];
    controller.subscribe(() => states.push(controller.getState().status));

    controller.toggleManual('ai-1', '**Hello** there!\nHow are you?');
    expect(controller.getState()).toEqual({
      status: 'starting',
      messageId: 'ai-1',
      kind: 'manual',
    });
    expect(synthesis.cancelCount).toBe(1);
    expect(synthesis.spoken).toHaveLength(0);

    vi.advanceTimersByTime(SPEECH.startDelayMs - 1);
    expect(synthesis.spoken).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(synthesis.spoken).toHaveLength(1);
    expect(synthesis.spoken[0].text).toBe('Hello there! How are you?');
    expect(synthesis.spoken[0].lang).toBe('en-US');

    synthesis.startSpeaking();
    expect(controller.getState().status).toBe('speaking');
    synthesis.finishSpeaking();
    expect(controller.getState()).toEqual(IDLE_STATE);
    expect(states).toEqual(['starting', 'speaking', 'idle']);
  });

  it('uses the chosen voice and its language', () => {
    const voice = makeVoice({ name: 'Google UK English Female', lang: 'en-GB' });
    controller.setVoice(voice);
    controller.toggleManual('ai-1', 'Hi');
    vi.advanceTimersByTime(SPEECH.startDelayMs);
    expect(synthesis.spoken[0].voice).toBe(voice);
    expect(synthesis.spoken[0].lang).toBe('en-GB');
  });

  it('stops when the same message is pressed again', () => {
    controller.toggleManual('ai-1', 'Hello');
    vi.advanceTimersByTime(SPEECH.startDelayMs);
    synthesis.startSpeaking();
    afterDebounce();
    controller.toggleManual('ai-1', 'Hello');
    expect(controller.getState()).toEqual(IDLE_STATE);
    expect(synthesis.queue).toHaveLength(0);
    expect(alert).not.toHaveBeenCalled();
  });

  it('stops while still starting (before the browser reports the start)', () => {
    controller.toggleManual('ai-1', 'Hello');
    afterDebounce();
    expect(controller.getState().status).toBe('starting');
    controller.toggleManual('ai-1', 'Hello');
    expect(controller.getState()).toEqual(IDLE_STATE);
    expect(synthesis.queue).toHaveLength(0);
    synthesis.spoken[0].onstart?.();
    expect(controller.getState()).toEqual(IDLE_STATE);
  });

  it('ignores a press on another message while one is starting or speaking', () => {
    controller.toggleManual('ai-1', 'First');
    afterDebounce();
    controller.toggleManual('ai-2', 'Second');
    expect(controller.getState().messageId).toBe('ai-1');
    synthesis.startSpeaking();
    afterDebounce();
    controller.toggleManual('ai-2', 'Second');
    expect(controller.getState()).toEqual({
      status: 'speaking',
      messageId: 'ai-1',
      kind: 'manual',
    });
    expect(synthesis.spoken.map((u) => u.text)).toEqual(['First']);
  });

  it('ignores presses within 300 ms of the last one', () => {
    controller.toggleManual('ai-1', 'Hello');
    vi.advanceTimersByTime(SPEECH.manualDebounceMs - 1);
    controller.toggleManual('ai-1', 'Hello');
    expect(controller.getState().status).toBe('starting');
    vi.advanceTimersByTime(1);
    controller.toggleManual('ai-1', 'Hello');
    expect(controller.getState().status).toBe('idle');
  });

  it('alerts for a speech error, but not for interrupted or canceled', () => {
    controller.toggleManual('ai-1', 'Hello');
    vi.advanceTimersByTime(SPEECH.startDelayMs);
    synthesis.failSpeaking('synthesis-failed');
    expect(alert).toHaveBeenCalledWith('Manual speech error: synthesis-failed. Please try again.');
    expect(manualSpeechErrorMessage('x')).toBe('Manual speech error: x. Please try again.');
    expect(controller.getState()).toEqual(IDLE_STATE);

    for (const quiet of ['interrupted', 'canceled']) {
      alert.mockClear();
      afterDebounce();
      controller.toggleManual('ai-1', 'Hello');
      vi.advanceTimersByTime(SPEECH.startDelayMs);
      synthesis.failSpeaking(quiet);
      expect(alert).not.toHaveBeenCalled();
      expect(controller.getState()).toEqual(IDLE_STATE);
    }
  });

  it('returns to idle after the 60 s watchdog when the browser never reports the end', () => {
    controller.toggleManual('ai-1', 'Hello');
    vi.advanceTimersByTime(SPEECH.startDelayMs);
    synthesis.startSpeaking();
    vi.advanceTimersByTime(SPEECH.manualWatchdogMs - 1);
    expect(controller.getState().status).toBe('speaking');
    vi.advanceTimersByTime(1);
    expect(controller.getState()).toEqual(IDLE_STATE);
    expect(synthesis.queue).toHaveLength(0);
    expect(logError).toHaveBeenCalled();
  });

  it('ignores late events of an utterance that was stopped', () => {
    controller.toggleManual('ai-1', 'Hello');
    vi.advanceTimersByTime(SPEECH.startDelayMs);
    const old = synthesis.current;
    controller.stop();
    afterDebounce();
    controller.toggleManual('ai-2', 'Next');
    old?.onend?.();
    old?.onstart?.();
    expect(controller.getState()).toEqual({
      status: 'starting',
      messageId: 'ai-2',
      kind: 'manual',
    });
  });

  it('alerts when speech synthesis is not supported', () => {
    const unsupported = new ReadAloudController({ support: null, alert });
    unsupported.toggleManual('ai-1', 'Hello');
    expect(alert).toHaveBeenCalledWith(SPEECH_UNSUPPORTED_MESSAGE);
    expect(SPEECH_UNSUPPORTED_MESSAGE).toBe('Speech synthesis is not supported in your browser.');
    expect(unsupported.getState()).toEqual(IDLE_STATE);
    unsupported.autoRead('ai-1', 'Hello');
    expect(alert).toHaveBeenCalledTimes(1);
  });

  describe('auto-read', () => {
    it('reads a reply with markdown stripped, after 100 ms', () => {
      controller.autoRead('ai-1', '# Title\n- one [word](explain:word)');
      expect(controller.getState()).toEqual({
        status: 'starting',
        messageId: 'ai-1',
        kind: 'auto',
      });
      vi.advanceTimersByTime(SPEECH.startDelayMs);
      expect(synthesis.spoken[0].text).toBe('Title one word');
      synthesis.startSpeaking();
      synthesis.finishSpeaking();
      expect(controller.getState()).toEqual(IDLE_STATE);
    });

    it('is skipped while manual reading is starting or speaking', () => {
      controller.toggleManual('ai-1', 'Manual');
      controller.autoRead('ai-2', 'Auto');
      vi.advanceTimersByTime(SPEECH.startDelayMs);
      synthesis.startSpeaking();
      controller.autoRead('ai-3', 'Auto again');
      expect(synthesis.spoken.map((u) => u.text)).toEqual(['Manual']);
      expect(controller.getState().kind).toBe('manual');
    });

    it('only logs its errors', () => {
      controller.autoRead('ai-1', 'Hello');
      vi.advanceTimersByTime(SPEECH.startDelayMs);
      synthesis.failSpeaking('audio-busy');
      expect(alert).not.toHaveBeenCalled();
      expect(logError).toHaveBeenCalledWith('Auto-read error', 'audio-busy');
      expect(controller.getState()).toEqual(IDLE_STATE);
    });

    it('has its own 60 s watchdog', () => {
      controller.autoRead('ai-1', 'Hello');
      vi.advanceTimersByTime(SPEECH.startDelayMs + SPEECH.autoReadWatchdogMs);
      expect(controller.getState()).toEqual(IDLE_STATE);
    });

    it('gives way to a manual press, which starts reading that message', () => {
      controller.autoRead('ai-1', 'Auto');
      vi.advanceTimersByTime(SPEECH.startDelayMs);
      synthesis.startSpeaking();
      controller.toggleManual('ai-2', 'Manual');
      expect(controller.getState()).toEqual({
        status: 'starting',
        messageId: 'ai-2',
        kind: 'manual',
      });
      vi.advanceTimersByTime(SPEECH.startDelayMs);
      expect(synthesis.spoken.map((u) => u.text)).toEqual(['Auto', 'Manual']);
    });
  });

  it('stop() clears the queue and any pending start', () => {
    controller.autoRead('ai-1', 'Hello');
    controller.stop();
    vi.advanceTimersByTime(1000);
    expect(synthesis.spoken).toHaveLength(0);
    expect(controller.getState()).toEqual(IDLE_STATE);
    expect(synthesis.cancelCount).toBe(2);
  });
});
