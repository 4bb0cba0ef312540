/**
 * Feature detection for the Web Speech API. The app works without it: the buttons stay, and using
 * them shows the alerts of spec §5. The small interfaces below are what the app needs, so tests can
 * pass fakes.
 */

export interface VoiceLike {
  readonly name: string;
  readonly lang: string;
  readonly voiceURI: string;
  readonly localService: boolean;
}

export interface SpeechErrorLike {
  readonly error: string;
}

export interface UtteranceLike {
  text: string;
  lang: string;
  voice: VoiceLike | null;
  rate: number;
  pitch: number;
  onstart: (() => void) | null;
  onend: (() => void) | null;
  onerror: ((event: SpeechErrorLike) => void) | null;
}

export interface SynthesisLike {
  speak(utterance: UtteranceLike): void;
  cancel(): void;
  getVoices(): VoiceLike[];
  addEventListener(type: 'voiceschanged', listener: () => void): void;
  removeEventListener(type: 'voiceschanged', listener: () => void): void;
}

export interface SynthesisSupport {
  synthesis: SynthesisLike;
  createUtterance(text: string): UtteranceLike;
}

interface SpeechWindow {
  speechSynthesis?: unknown;
  SpeechSynthesisUtterance?: unknown;
  SpeechRecognition?: unknown;
  webkitSpeechRecognition?: unknown;
}

export function getSynthesisSupport(win: object = window): SynthesisSupport | null {
  const w = win as SpeechWindow;
  const synthesis = w.speechSynthesis as SynthesisLike | undefined;
  const Utterance = w.SpeechSynthesisUtterance as (new (text: string) => UtteranceLike) | undefined;
  if (!synthesis || typeof synthesis.speak !== 'function' || typeof Utterance !== 'function') {
    return null;
  }
  return { synthesis, createUtterance: (text) => new Utterance(text) };
}

export interface RecognitionAlternativeLike {
  readonly transcript: string;
}
export interface RecognitionResultLike {
  readonly isFinal: boolean;
  readonly length: number;
  readonly [index: number]: RecognitionAlternativeLike;
}
export interface RecognitionResultEventLike {
  readonly resultIndex: number;
  readonly results: { readonly length: number; readonly [index: number]: RecognitionResultLike };
}

export interface RecognitionLike {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  maxAlternatives: number;
  onresult: ((event: RecognitionResultEventLike) => void) | null;
  onerror: ((event: SpeechErrorLike) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export type RecognitionConstructor = new () => RecognitionLike;

export function getRecognitionConstructor(win: object = window): RecognitionConstructor | null {
  const w = win as SpeechWindow;
  const Recognition = w.SpeechRecognition ?? w.webkitSpeechRecognition;
  return typeof Recognition === 'function' ? (Recognition as RecognitionConstructor) : null;
}
