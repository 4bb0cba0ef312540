/** The voice list and the voice choice of spec §9. */
import { PREFERRED_VOICE_NAMES, SPEECH } from '@sprout/shared';
import type { SynthesisLike, VoiceLike } from './speech-support';

export function isEnglishVoice(voice: VoiceLike): boolean {
  return /^en(?:[-_]|$)/i.test(voice.lang.trim());
}

/** Browsers add details to the curated names ("Microsoft Zira Desktop - English (United States)"). */
function matchesName(voice: VoiceLike, name: string): boolean {
  return voice.name === name || voice.name.startsWith(`${name} `);
}

/**
 * English voices only: the curated voices (in the curated order) when any is present, otherwise up
 * to 10 non-local voices, otherwise the first 10.
 */
export function selectVoiceList(voices: readonly VoiceLike[]): VoiceLike[] {
  const english = voices.filter(isEnglishVoice);
  const curated: VoiceLike[] = [];
  for (const name of PREFERRED_VOICE_NAMES) {
    for (const voice of english) {
      if (matchesName(voice, name) && !curated.includes(voice)) curated.push(voice);
    }
  }
  if (curated.length > 0) return curated;
  const remote = english.filter((voice) => !voice.localService);
  if (remote.length > 0) return remote.slice(0, SPEECH.maxFallbackVoices);
  return english.slice(0, SPEECH.maxFallbackVoices);
}

/** Preferred voice by URI, then a non-local Google voice, then any non-local voice, then the first. */
export function chooseVoice(
  voices: readonly VoiceLike[],
  preferredUri: string | null | undefined,
): VoiceLike | null {
  return (
    (preferredUri ? voices.find((voice) => voice.voiceURI === preferredUri) : undefined) ??
    voices.find((voice) => !voice.localService && /google/i.test(voice.name)) ??
    voices.find((voice) => !voice.localService) ??
    voices[0] ??
    null
  );
}

/**
 * Reports the browser's voices once they are there: some browsers load them late, so the list is
 * re-checked every 100 ms until voices appear, and `voiceschanged` reports later changes.
 */
export function watchVoices(
  synthesis: SynthesisLike,
  onVoices: (voices: VoiceLike[]) => void,
  pollMs: number = SPEECH.voicePollMs,
): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const stopPolling = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const check = () => {
    const voices = synthesis.getVoices();
    if (voices.length === 0) return false;
    stopPolling();
    onVoices(voices);
    return true;
  };
  const onChanged = () => {
    check();
  };
  synthesis.addEventListener('voiceschanged', onChanged);
  if (!check()) timer = setInterval(check, pollMs);
  return () => {
    stopPolling();
    synthesis.removeEventListener('voiceschanged', onChanged);
  };
}
