import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeRecognition } from '../../testing/fake-speech';
import {
  DictationController,
  RECOGNITION_UNSUPPORTED_MESSAGE,
  appendTranscript,
  recognitionErrorMessage,
} from './dictation';
import { getRecognitionConstructor, getSynthesisSupport } from './speech-support';

describe('DictationController', () => {
  const alert = vi.fn<(message: string) => void>();
  const onTranscript = vi.fn<(transcript: string) => void>();

  beforeEach(() => {
    FakeRecognition.instances = [];
    alert.mockReset();
    onTranscript.mockReset();
  });

  const create = () =>
    new DictationController({ Recognition: FakeRecognition, alert, onTranscript });

  it('listens for one final utterance in US English', () => {
    const dictation = create();
    dictation.toggle();
    const recognition = FakeRecognition.last!;
    expect(recognition.started).toBe(true);
    expect(recognition.lang).toBe('en-US');
    expect(recognition.interimResults).toBe(false);
    expect(recognition.continuous).toBe(false);
    expect(dictation.isListening()).toBe(true);

    recognition.say('  why is the sky blue ');
    expect(onTranscript).toHaveBeenCalledWith('why is the sky blue');
    expect(dictation.isListening()).toBe(false);
  });

  it('stops listening on a second press', () => {
    const dictation = create();
    dictation.toggle();
    dictation.toggle();
    expect(FakeRecognition.last!.stopped).toBe(true);
    expect(dictation.isListening()).toBe(false);
    expect(FakeRecognition.instances).toHaveLength(1);
  });

  it('alerts on a recognition error and stops listening', () => {
    const dictation = create();
    dictation.toggle();
    FakeRecognition.last!.fail('no-speech');
    expect(alert).toHaveBeenCalledWith('Voice recognition error: no-speech');
    expect(recognitionErrorMessage('network')).toBe('Voice recognition error: network');
    expect(dictation.isListening()).toBe(false);
  });

  it('alerts when voice recognition is not supported', () => {
    const dictation = new DictationController({ Recognition: null, alert, onTranscript });
    dictation.toggle();
    expect(alert).toHaveBeenCalledWith("Sorry, your browser doesn't support voice recognition.");
    expect(RECOGNITION_UNSUPPORTED_MESSAGE).toBe(
      "Sorry, your browser doesn't support voice recognition.",
    );
    expect(dictation.isListening()).toBe(false);
  });

  it('stops quietly when disposed', () => {
    const dictation = create();
    dictation.toggle();
    const recognition = FakeRecognition.last!;
    dictation.dispose();
    expect(recognition.aborted).toBe(true);
    recognition.onerror?.({ error: 'aborted' });
    expect(alert).not.toHaveBeenCalled();
    expect(dictation.isListening()).toBe(false);
  });
});

describe('appendTranscript', () => {
  it('appends with a space', () => {
    expect(appendTranscript('', 'hello')).toBe('hello');
    expect(appendTranscript('   ', 'hello')).toBe('hello');
    expect(appendTranscript('Tell me', 'a joke')).toBe('Tell me a joke');
    expect(appendTranscript('Tell me ', 'a joke')).toBe('Tell me a joke');
  });
});

describe('feature detection', () => {
  it('finds nothing on a window without speech', () => {
    expect(getSynthesisSupport({})).toBeNull();
    expect(getRecognitionConstructor({})).toBeNull();
  });

  it('finds the prefixed and unprefixed recognition and the synthesis', () => {
    expect(getRecognitionConstructor({ webkitSpeechRecognition: FakeRecognition })).toBe(
      FakeRecognition,
    );
    expect(getRecognitionConstructor({ SpeechRecognition: FakeRecognition })).toBe(FakeRecognition);
    const support = getSynthesisSupport({
      speechSynthesis: { speak() {}, cancel() {} },
      SpeechSynthesisUtterance: class {
        constructor(public text: string) {}
      },
    });
    expect(support?.createUtterance('hi').text).toBe('hi');
  });
});
