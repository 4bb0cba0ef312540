/** Fake Web Speech objects: a synthesis with a queue the test drives, and a recognition. */
import type {
  RecognitionLike,
  RecognitionResultEventLike,
  SpeechErrorLike,
  SynthesisLike,
  UtteranceLike,
  VoiceLike,
} from '../features/speech/speech-support';

export function makeVoice(overrides: Partial<VoiceLike> = {}): VoiceLike {
  const name = overrides.name ?? 'Test Voice';
  return {
    name,
    lang: 'en-US',
    voiceURI: overrides.voiceURI ?? `uri:${name}`,
    localService: true,
    ...overrides,
  };
}

export class FakeUtterance implements UtteranceLike {
  lang = '';
  voice: VoiceLike | null = null;
  rate = 1;
  pitch = 1;
  onstart: (() => void) | null = null;
  onend: (() => void) | null = null;
  onerror: ((event: SpeechErrorLike) => void) | null = null;
  constructor(public text: string) {}
}

export class FakeSynthesis implements SynthesisLike {
  /** Every utterance passed to speak(), in order. */
  readonly spoken: UtteranceLike[] = [];
  /** What is queued or speaking now; the first one is speaking. */
  queue: UtteranceLike[] = [];
  voices: VoiceLike[] = [];
  cancelCount = 0;
  private readonly voiceListeners = new Set<() => void>();

  speak(utterance: UtteranceLike): void {
    this.spoken.push(utterance);
    this.queue.push(utterance);
  }

  /** Like browsers: the speaking utterance reports 'interrupted', queued ones 'canceled'. */
  cancel(): void {
    this.cancelCount += 1;
    const queue = this.queue;
    this.queue = [];
    queue.forEach((u, i) => u.onerror?.({ error: i === 0 ? 'interrupted' : 'canceled' }));
  }

  getVoices(): VoiceLike[] {
    return this.voices;
  }

  addEventListener(_type: 'voiceschanged', listener: () => void): void {
    this.voiceListeners.add(listener);
  }

  removeEventListener(_type: 'voiceschanged', listener: () => void): void {
    this.voiceListeners.delete(listener);
  }

  // ---- test controls ----
  get current(): UtteranceLike | undefined {
    return this.queue[0];
  }

  startSpeaking(): void {
    this.queue[0]?.onstart?.();
  }

  finishSpeaking(): void {
    const utterance = this.queue.shift();
    utterance?.onend?.();
  }

  failSpeaking(error: string): void {
    const utterance = this.queue.shift();
    utterance?.onerror?.({ error });
  }

  /** Voices that load late, without an event (the case polling is for). */
  loadVoicesQuietly(voices: VoiceLike[]): void {
    this.voices = voices;
  }

  changeVoices(voices: VoiceLike[]): void {
    this.voices = voices;
    this.voiceListeners.forEach((listener) => listener());
  }

  get voiceListenerCount(): number {
    return this.voiceListeners.size;
  }
}

export function fakeSynthesisSupport(synthesis = new FakeSynthesis()) {
  return { synthesis, createUtterance: (text: string) => new FakeUtterance(text) };
}

export class FakeRecognition implements RecognitionLike {
  static instances: FakeRecognition[] = [];
  static get last(): FakeRecognition | undefined {
    return FakeRecognition.instances[FakeRecognition.instances.length - 1];
  }

  lang = '';
  interimResults = true;
  continuous = true;
  maxAlternatives = 5;
  onresult: ((event: RecognitionResultEventLike) => void) | null = null;
  onerror: ((event: SpeechErrorLike) => void) | null = null;
  onend: (() => void) | null = null;
  started = false;
  stopped = false;
  aborted = false;

  constructor() {
    FakeRecognition.instances.push(this);
  }

  start(): void {
    this.started = true;
  }

  stop(): void {
    this.stopped = true;
    this.onend?.();
  }

  abort(): void {
    this.aborted = true;
  }

  say(transcript: string): void {
    const result = Object.assign([{ transcript }], { isFinal: true });
    this.onresult?.({ resultIndex: 0, results: [result] });
    this.onend?.();
  }

  fail(error: string): void {
    this.onerror?.({ error });
    this.onend?.();
  }
}

type SpeechGlobals = {
  speechSynthesis?: unknown;
  SpeechSynthesisUtterance?: unknown;
  SpeechRecognition?: unknown;
  webkitSpeechRecognition?: unknown;
};

/** Puts fake speech objects on window; returns the synthesis. Undo with removeSpeechFromWindow. */
export function installSpeechOnWindow(options: { recognition?: boolean } = {}): FakeSynthesis {
  const synthesis = new FakeSynthesis();
  const w = window as unknown as SpeechGlobals;
  w.speechSynthesis = synthesis;
  w.SpeechSynthesisUtterance = FakeUtterance;
  if (options.recognition !== false) w.webkitSpeechRecognition = FakeRecognition;
  FakeRecognition.instances = [];
  return synthesis;
}

export function removeSpeechFromWindow(): void {
  const w = window as unknown as SpeechGlobals;
  delete w.speechSynthesis;
  delete w.SpeechSynthesisUtterance;
  delete w.SpeechRecognition;
  delete w.webkitSpeechRecognition;
  FakeRecognition.instances = [];
}
