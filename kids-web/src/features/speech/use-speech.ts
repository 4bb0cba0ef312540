/** React bindings for the speech controllers; each chat screen owns its own. */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { DictationController } from './dictation';
import { ReadAloudController, type ReadAloudState } from './read-aloud';
import {
  getRecognitionConstructor,
  getSynthesisSupport,
  type SynthesisSupport,
  type VoiceLike,
} from './speech-support';
import { selectVoiceList, watchVoices } from './voices';

const showAlert = (message: string) => window.alert(message);

export function useReadAloud(voice: VoiceLike | null): {
  controller: ReadAloudController;
  state: ReadAloudState;
} {
  const [controller] = useState(
    () => new ReadAloudController({ support: getSynthesisSupport(), alert: showAlert }),
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  useEffect(() => {
    controller.setVoice(voice);
  }, [controller, voice]);
  useEffect(() => () => controller.stop(), [controller]);
  return { controller, state };
}

/** The voice list of spec §9; empty until the browser has loaded its voices. */
export function useVoices(): { supported: boolean; voices: VoiceLike[] } {
  const [support] = useState<SynthesisSupport | null>(() => getSynthesisSupport());
  const [voices, setVoices] = useState<VoiceLike[]>([]);
  useEffect(() => {
    if (!support) return;
    return watchVoices(support.synthesis, (all) => setVoices(selectVoiceList(all)));
  }, [support]);
  return { supported: support !== null, voices };
}

export function useDictation(onTranscript: (transcript: string) => void): {
  listening: boolean;
  toggle: () => void;
  stop: () => void;
} {
  const onTranscriptRef = useRef(onTranscript);
  useEffect(() => {
    onTranscriptRef.current = onTranscript;
  }, [onTranscript]);
  const [controller] = useState(
    () =>
      new DictationController({
        Recognition: getRecognitionConstructor(),
        alert: showAlert,
        onTranscript: (transcript) => onTranscriptRef.current(transcript),
      }),
  );
  const listening = useSyncExternalStore(controller.subscribe, controller.isListening);
  useEffect(() => () => controller.dispose(), [controller]);
  return { listening, toggle: () => controller.toggle(), stop: () => controller.dispose() };
}
