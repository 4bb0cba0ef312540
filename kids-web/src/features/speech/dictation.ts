/**
 * Voice input (spec §4): one utterance, English (US), final results only. The transcript goes to
 * the caller, which appends it to the text box with a space.
 */
import { SPEECH } from '@sprout/shared';
import type { RecognitionConstructor, RecognitionLike } from './speech-support';

export const RECOGNITION_UNSUPPORTED_MESSAGE =
  "Sorry, your browser doesn't support voice recognition.";
export const recognitionErrorMessage = (error: string) => `Voice recognition error: ${error}`;

export interface DictationOptions {
  Recognition: RecognitionConstructor | null;
  alert: (message: string) => void;
  onTranscript: (transcript: string) => void;
}

export class DictationController {
  private recognition: RecognitionLike | null = null;
  private listening = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: DictationOptions) {}

  get supported(): boolean {
    return this.options.Recognition !== null;
  }

  isListening = (): boolean => this.listening;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  toggle(): void {
    if (this.listening) {
      this.recognition?.stop();
      return;
    }
    const Recognition = this.options.Recognition;
    if (!Recognition) {
      this.options.alert(RECOGNITION_UNSUPPORTED_MESSAGE);
      return;
    }
    const recognition = new Recognition();
    recognition.lang = SPEECH.recognitionLang;
    recognition.interimResults = false;
    recognition.continuous = false;
    recognition.maxAlternatives = 1;
    recognition.onresult = (event) => {
      let transcript = '';
      for (let i = event.resultIndex; i < event.results.length; i += 1) {
        const result = event.results[i];
        if (result.isFinal && result.length > 0) transcript += result[0].transcript;
      }
      transcript = transcript.trim();
      if (transcript) this.options.onTranscript(transcript);
    };
    recognition.onerror = (event) => {
      this.options.alert(recognitionErrorMessage(event.error));
      this.end(recognition);
    };
    recognition.onend = () => this.end(recognition);
    this.recognition = recognition;
    try {
      recognition.start();
      this.setListening(true);
    } catch (error) {
      this.end(recognition);
      this.options.alert(recognitionErrorMessage(error instanceof Error ? error.message : 'start'));
    }
  }

  /** Leaving the screen: stop quietly, without alerts from the aborted recognition. */
  dispose(): void {
    const recognition = this.recognition;
    if (!recognition) return;
    recognition.onresult = null;
    recognition.onerror = null;
    recognition.onend = null;
    recognition.abort();
    this.end(recognition);
  }

  private end(recognition: RecognitionLike): void {
    if (this.recognition !== recognition) return;
    this.recognition = null;
    this.setListening(false);
  }

  private setListening(listening: boolean): void {
    if (this.listening === listening) return;
    this.listening = listening;
    this.listeners.forEach((listener) => listener());
  }
}

/** "Appended to the text box with a space." */
export function appendTranscript(text: string, transcript: string): string {
  if (!text.trim()) return transcript;
  return /\s$/.test(text) ? `${text}${transcript}` : `${text} ${transcript}`;
}
