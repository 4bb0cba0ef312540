import { safeUrl } from '@sprout/shared';
import { useEffect, useRef } from 'react';
import { SproutLogo } from '../../components/SproutLogo';
import type { ReadAloudState } from '../speech/read-aloud';
import type { ChatMessage } from './chat-message';
import { MessageMarkdown } from './MessageMarkdown';

export interface MessageListProps {
  messages: readonly ChatMessage[];
  busy: boolean;
  readAloud: ReadAloudState;
  onExplain: (word: string) => void;
  onToggleRead: (message: ChatMessage) => void;
}

/** Distance from the bottom within which new text keeps the list scrolled to the end. */
const STICK_TO_BOTTOM_PX = 96;

export function MessageList({
  messages,
  busy,
  readAloud,
  onExplain,
  onToggleRead,
}: MessageListProps) {
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const count = useRef(messages.length);

  useEffect(() => {
    const node = list.current;
    if (!node) return;
    const added = messages.length !== count.current;
    count.current = messages.length;
    if (added || atBottom.current) node.scrollTop = node.scrollHeight;
  }, [messages]);

  return (
    <div
      ref={list}
      className="messages"
      onScroll={(event) => {
        const node = event.currentTarget;
        atBottom.current =
          node.scrollHeight - node.scrollTop - node.clientHeight < STICK_TO_BOTTOM_PX;
      }}
    >
      <ol className="messages__list" aria-label="Messages">
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            busy={busy}
            reading={readAloud.messageId === message.id && readAloud.status !== 'idle'}
            onExplain={onExplain}
            onToggleRead={onToggleRead}
          />
        ))}
      </ol>
    </div>
  );
}

interface MessageBubbleProps {
  message: ChatMessage;
  busy: boolean;
  reading: boolean;
  onExplain: (word: string) => void;
  onToggleRead: (message: ChatMessage) => void;
}

function MessageBubble({ message, busy, reading, onExplain, onToggleRead }: MessageBubbleProps) {
  const isAssistant = message.role === 'assistant';
  const image = message.image ? safeUrl(message.image) : '';
  return (
    <li
      className={`message message--${message.role}`}
      data-message-id={message.id}
      data-testid="message"
    >
      {isAssistant && <SproutLogo size={40} className="message__avatar" />}
      <div className="message__bubble">
        <span className="sr-only">{isAssistant ? 'Sprout said:' : 'You said:'}</span>
        {isAssistant ? (
          <MessageMarkdown content={message.content} onExplain={onExplain} explainDisabled={busy} />
        ) : (
          <p className="message__text">{message.content}</p>
        )}
        {image && (
          <figure className="message__image">
            <img src={image} alt="A picture Sprout made" loading="lazy" />
            <figcaption>Generated</figcaption>
          </figure>
        )}
        {message.isStreaming && <TypingIndicator />}
        {isAssistant && !message.isStreaming && (
          <button
            type="button"
            className={`read-button${reading ? ' read-button--active' : ''}`}
            onClick={() => onToggleRead(message)}
          >
            <span aria-hidden="true">{reading ? '⏹️' : '🔊'}</span>
            {reading ? 'Stop reading' : 'Read aloud'}
          </button>
        )}
      </div>
    </li>
  );
}

function TypingIndicator() {
  return (
    <span className="typing" role="img" aria-label="Sprout is typing">
      <span className="typing__dot" />
      <span className="typing__dot" />
      <span className="typing__dot" />
    </span>
  );
}
