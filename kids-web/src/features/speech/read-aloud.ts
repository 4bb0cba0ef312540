/**
 * Reading answers aloud (spec §4, §9). One controller per chat screen drives both manual reading
 * (the button on each message) and auto-read after a reply.
 *
 * Manual reading: idle → starting → speaking → idle. A second press on the same message stops it;
 * presses on other messages are ignored while one is starting or speaking; presses closer than
 * 300 ms to the last one are ignored. Speech starts 100 ms after the queue is cleared, and a 60 s
 * watchdog returns to idle if the browser never reports the end.
 */
import { SPEECH, stripMarkdownForSpeech } from '@sprout/shared';
import type { SynthesisSupport, VoiceLike } from './speech-support';

export type ReadAloudStatus = 'idle' | 'starting' | 'speaking';
export type ReadAloudKind = 'manual' | 'auto';

export interface ReadAloudState {
  status: ReadAloudStatus;
  messageId: string | null;
  kind: ReadAloudKind | null;
}

export const IDLE_STATE: ReadAloudState = { status: 'idle', messageId: null, kind: null };

export const SPEECH_UNSUPPORTED_MESSAGE = 'Speech synthesis is not supported in your browser.';
export const manualSpeechErrorMessage = (error: string) =>
  `Manual speech error: ${error}. Please try again.`;

/** Errors a cancel produces; they are not failures. */
const QUIET_ERRORS = new Set(['interrupted', 'canceled']);

export interface ReadAloudOptions {
  support: SynthesisSupport | null;
  alert: (message: string) => void;
  now?: () => number;
  logError?: (message: string, detail?: unknown) => void;
}

export class ReadAloudController {
  private state: ReadAloudState = IDLE_STATE;
  private readonly listeners = new Set<() => void>();
  private voice: VoiceLike | null = null;
  /** Bumped on every start and stop so late events of an old utterance are ignored. */
  private generation = 0;
  private startTimer: ReturnType<typeof setTimeout> | null = null;
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  private lastManualPress = Number.NEGATIVE_INFINITY;
  private readonly now: () => number;
  private readonly logError: (message: string, detail?: unknown) => void;

  constructor(private readonly options: ReadAloudOptions) {
    this.now = options.now ?? (() => Date.now());
    this.logError = options.logError ?? ((message, detail) => console.error(message, detail));
  }

  get supported(): boolean {
    return this.options.support !== null;
  }

  getState = (): ReadAloudState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  setVoice(voice: VoiceLike | null): void {
    this.voice = voice;
  }

  /** The read-aloud / stop-reading button of one message. */
  toggleManual(messageId: string, content: string): void {
    const now = this.now();
    if (now - this.lastManualPress < SPEECH.manualDebounceMs) return;
    this.lastManualPress = now;
    if (!this.options.support) {
      this.options.alert(SPEECH_UNSUPPORTED_MESSAGE);
      return;
    }
    const { status, messageId: current, kind } = this.state;
    if (status !== 'idle' && current === messageId) {
      this.stop();
      return;
    }
    if (status !== 'idle' && kind === 'manual') return;
    this.start('manual', messageId, content);
  }

  /** Reads a finished reply; skipped while manual reading is starting or speaking. */
  autoRead(messageId: string, content: string): void {
    if (!this.options.support) return;
    if (this.state.status !== 'idle' && this.state.kind === 'manual') return;
    this.start('auto', messageId, content);
  }

  /** Stops any reading and clears the queue (mode change, sign-out, leaving the screen). */
  stop(): void {
    this.generation += 1;
    this.clearTimers();
    this.options.support?.synthesis.cancel();
    this.setState(IDLE_STATE);
  }

  private start(kind: ReadAloudKind, messageId: string, content: string): void {
    const support = this.options.support;
    if (!support) return;
    const text = stripMarkdownForSpeech(content);
    this.generation += 1;
    const generation = this.generation;
    this.clearTimers();
    support.synthesis.cancel();
    if (!text) {
      this.setState(IDLE_STATE);
      return;
    }
    this.setState({ status: 'starting', messageId, kind });
    this.startTimer = setTimeout(() => {
      this.startTimer = null;
      if (generation !== this.generation) return;
      this.speak(support, generation, kind, text);
    }, SPEECH.startDelayMs);
  }

  private speak(
    support: SynthesisSupport,
    generation: number,
    kind: ReadAloudKind,
    text: string,
  ): void {
    const isCurrent = () => generation === this.generation;
    const utterance = support.createUtterance(text);
    utterance.lang = this.voice?.lang ?? 'en-US';
    if (this.voice) utterance.voice = this.voice;
    utterance.onstart = () => {
      if (isCurrent()) this.setState({ ...this.state, status: 'speaking' });
    };
    utterance.onend = () => {
      if (isCurrent()) this.finish();
    };
    utterance.onerror = (event) => {
      if (!isCurrent()) return;
      this.finish();
      if (kind === 'auto') {
        this.logError('Auto-read error', event.error);
      } else if (!QUIET_ERRORS.has(event.error)) {
        this.options.alert(manualSpeechErrorMessage(event.error));
      }
    };
    const watchdogMs = kind === 'manual' ? SPEECH.manualWatchdogMs : SPEECH.autoReadWatchdogMs;
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      if (!isCurrent()) return;
      this.logError(`Speech did not finish within ${watchdogMs} ms; stopping it.`);
      this.stop();
    }, watchdogMs);
    try {
      support.synthesis.speak(utterance);
    } catch (error) {
      this.finish();
      if (kind === 'auto') this.logError('Auto-read error', error);
      else this.options.alert(manualSpeechErrorMessage(errorText(error)));
    }
  }

  private finish(): void {
    this.generation += 1;
    this.clearTimers();
    this.setState(IDLE_STATE);
  }

  private clearTimers(): void {
    if (this.startTimer !== null) clearTimeout(this.startTimer);
    if (this.watchdog !== null) clearTimeout(this.watchdog);
    this.startTimer = null;
    this.watchdog = null;
  }

  private setState(next: ReadAloudState): void {
    if (
      next.status === this.state.status &&
      next.messageId === this.state.messageId &&
      next.kind === this.state.kind
    ) {
      return;
    }
    this.state = next;
    this.listeners.forEach((listener) => listener());
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
