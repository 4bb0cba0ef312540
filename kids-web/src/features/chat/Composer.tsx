import { PROMPT_MAX_LENGTH } from '@sprout/shared';
import type { FormEvent, KeyboardEvent } from 'react';

export interface ComposerProps {
  text: string;
  onTextChange: (text: string) => void;
  onSend: () => void;
  sending: boolean;
  listening: boolean;
  onToggleListening: () => void;
  onOpenSettings: () => void;
}

/** The bottom bar: Settings, 'Speak Prompt', the two-row text box and Send. */
export function Composer({
  text,
  onTextChange,
  onSend,
  sending,
  listening,
  onToggleListening,
  onOpenSettings,
}: ComposerProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSend();
    }
  };
  return (
    <form className="composer" aria-label="Write a message" onSubmit={submit}>
      <div className="composer__tools">
        <button type="button" className="button button--soft" onClick={onOpenSettings}>
          <span aria-hidden="true">⚙️</span>
          Settings
        </button>
        <button
          type="button"
          className={`button button--soft${listening ? ' button--listening' : ''}`}
          aria-pressed={listening}
          onClick={onToggleListening}
        >
          <span aria-hidden="true">🎤</span>
          Speak Prompt
        </button>
        {listening && (
          <span className="composer__listening" role="status">
            Listening… say your question!
          </span>
        )}
      </div>
      <div className="composer__row">
        <label htmlFor="chat-prompt" className="sr-only">
          Your message
        </label>
        <textarea
          id="chat-prompt"
          className="composer__input"
          rows={2}
          placeholder="Type your message..."
          maxLength={PROMPT_MAX_LENGTH}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button--primary composer__send" disabled={sending}>
          Send
          <span aria-hidden="true"> 🚀</span>
        </button>
      </div>
    </form>
  );
}
