import type { ChildMode } from '@sprout/shared';
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../components/Modal';
import type { VoiceLike } from '../speech/speech-support';
import { SAFETY_NOTICE } from './SafetyNotice';
import type { KidPreferences, PreferenceKey } from './use-kid-config';

export const clearHistoryQuestion = (mode: ChildMode) =>
  `Are you sure you want to clear the chat history for "${mode}" mode? This cannot be undone.`;

export interface SettingsModalProps {
  mode: ChildMode;
  preferences: KidPreferences;
  onPreferenceChange: <K extends PreferenceKey>(key: K, value: KidPreferences[K]) => void;
  speechSupported: boolean;
  voices: readonly VoiceLike[];
  onClearHistory: () => void;
  onClose: () => void;
}

/** 'Audio & Speech Settings' (spec §2): auto-read toggles, the voice, and Chat Management. */
export function SettingsModal({
  mode,
  preferences,
  onPreferenceChange,
  speechSupported,
  voices,
  onClearHistory,
  onClose,
}: SettingsModalProps) {
  const [confirming, setConfirming] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const clearButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
    else if (wasConfirming.current) clearButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const selectedVoice = voices.some((voice) => voice.voiceURI === preferences.preferred_voice_uri)
    ? (preferences.preferred_voice_uri ?? '')
    : '';

  return (
    <Modal titleId="settings-title" onClose={onClose}>
      <div className="settings__header">
        <h2 id="settings-title" className="settings__title">
          Audio &amp; Speech Settings
        </h2>
        <button
          type="button"
          className="button button--icon"
          aria-label="Close settings"
          onClick={onClose}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>

      <section className="settings__section" aria-labelledby="settings-reading">
        <h3 id="settings-reading" className="settings__heading">
          Reading aloud
        </h3>
        <label className="toggle">
          <input
            type="checkbox"
            role="switch"
            checked={preferences.auto_read_web}
            onChange={(event) => onPreferenceChange('auto_read_web', event.target.checked)}
          />
          <span className="toggle__track" aria-hidden="true" />
          <span className="toggle__label">
            Auto-read answers on Web/Desktop
            <span className="toggle__hint">
              Sprout reads each new answer out loud on a computer.
            </span>
          </span>
        </label>
        <label className="toggle">
          <input
            type="checkbox"
            role="switch"
            checked={preferences.auto_read_mobile}
            onChange={(event) => onPreferenceChange('auto_read_mobile', event.target.checked)}
          />
          <span className="toggle__track" aria-hidden="true" />
          <span className="toggle__label">
            Auto-read answers on Mobile
            <span className="toggle__hint">The same, on a phone or tablet.</span>
          </span>
        </label>
        <label className="settings__label" htmlFor="settings-voice">
          Preferred voice
        </label>
        <select
          id="settings-voice"
          className="settings__select"
          value={selectedVoice}
          disabled={voices.length === 0}
          aria-describedby={speechSupported ? undefined : 'settings-voice-note'}
          onChange={(event) =>
            onPreferenceChange('preferred_voice_uri', event.target.value || null)
          }
        >
          {voices.length === 0 && speechSupported ? (
            <option value="">Loading voices...</option>
          ) : (
            <option value="">Select a voice</option>
          )}
          {voices.map((voice) => (
            <option key={voice.voiceURI} value={voice.voiceURI}>
              {voice.name} ({voice.lang})
            </option>
          ))}
        </select>
        {!speechSupported && (
          <p id="settings-voice-note" className="settings__note">
            This browser can&apos;t read aloud, so there are no voices to choose from.
          </p>
        )}
      </section>

      <section className="settings__section" aria-labelledby="settings-chat">
        <h3 id="settings-chat" className="settings__heading">
          Chat Management
        </h3>
        <p className="settings__note">
          Clearing the chat history permanently deletes your conversation in {mode} mode.
        </p>
        {confirming ? (
          <div className="confirm" role="group" aria-labelledby="settings-confirm">
            <p id="settings-confirm" className="confirm__question">
              {clearHistoryQuestion(mode)}
            </p>
            <div className="confirm__actions">
              <button
                type="button"
                className="button button--danger"
                onClick={() => {
                  setConfirming(false);
                  onClearHistory();
                }}
              >
                Yes, Clear History
              </button>
              <button
                ref={cancelButton}
                type="button"
                className="button button--soft"
                onClick={() => setConfirming(false)}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <button
            ref={clearButton}
            type="button"
            className="button button--danger-soft"
            onClick={() => setConfirming(true)}
          >
            <span aria-hidden="true">🧹</span>
            Clear {mode} Chat History
          </button>
        )}
      </section>

      <section className="settings__section settings__safety" aria-label="Good to know">
        <p>
          <span aria-hidden="true">🛡️ </span>
          {SAFETY_NOTICE}
        </p>
      </section>

      <div className="settings__footer">
        <button type="button" className="button button--primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}
