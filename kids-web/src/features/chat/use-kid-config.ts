/** The child's config (spec §3, §7): allowed modes and reading preferences. */
import {
  CHILD_MODES,
  isChildMode,
  type ChildMode,
  type KidConfigResponse,
  type KidPreferenceRequest,
} from '@sprout/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';

export type KidPreferences = Omit<KidConfigResponse, 'allowed_modes'>;
export type PreferenceKey = keyof KidPreferences;

export const PREFERENCE_SAVE_FAILED = 'Could not save your preference. Please try again.';

const DEFAULT_PREFERENCES: KidPreferences = {
  preferred_voice_uri: null,
  auto_read_web: false,
  auto_read_mobile: false,
};

export interface KidConfigState {
  loaded: boolean;
  allowedModes: ChildMode[];
  preferences: KidPreferences;
}

/** Known modes in the server's order; a failed or empty answer offers all five (spec §8). */
export function allowedModesFrom(modes: unknown): ChildMode[] {
  const list = Array.isArray(modes) ? modes.filter(isChildMode) : [];
  const unique = [...new Set(list)];
  return unique.length > 0 ? unique : [...CHILD_MODES];
}

/** The body of PUT /api/kids/preferences: exactly one key with its value (spec §7). */
export function preferenceRequest<K extends PreferenceKey>(
  key: K,
  value: KidPreferences[K],
): KidPreferenceRequest {
  // A computed key widens to an index signature; the key/value pairing is what K guarantees.
  return { [key]: value } as unknown as KidPreferenceRequest;
}

export function useKidConfig() {
  const [config, setConfig] = useState<KidConfigState>({
    loaded: false,
    allowedModes: [...CHILD_MODES],
    preferences: DEFAULT_PREFERENCES,
  });
  const preferencesRef = useRef(config.preferences);

  useEffect(() => {
    let active = true;
    api.kidConfig().then(
      (response) => {
        if (!active) return;
        const preferences: KidPreferences = {
          preferred_voice_uri: response.preferred_voice_uri ?? null,
          auto_read_web: response.auto_read_web === true,
          auto_read_mobile: response.auto_read_mobile === true,
        };
        preferencesRef.current = preferences;
        setConfig({
          loaded: true,
          allowedModes: allowedModesFrom(response.allowed_modes),
          preferences,
        });
      },
      (error: unknown) => {
        if (!active) return;
        console.error('Could not load the chat settings; offering every mode', error);
        setConfig((current) => ({ ...current, loaded: true, allowedModes: [...CHILD_MODES] }));
      },
    );
    return () => {
      active = false;
    };
  }, []);

  /** Applies a preference at once, saves it alone, and reverts with an alert if the save fails. */
  const setPreference = useCallback(<K extends PreferenceKey>(key: K, value: KidPreferences[K]) => {
    const previous = preferencesRef.current[key];
    if (previous === value) return;
    const apply = (next: KidPreferences[K]) => {
      preferencesRef.current = { ...preferencesRef.current, [key]: next };
      setConfig((current) => ({ ...current, preferences: preferencesRef.current }));
    };
    apply(value);
    api.setKidPreference(preferenceRequest(key, value)).catch((error: unknown) => {
      console.error(`Could not save the preference ${key}`, error);
      if (preferencesRef.current[key] === value) apply(previous);
      window.alert(PREFERENCE_SAVE_FAILED);
    });
  }, []);

  return { ...config, setPreference };
}
