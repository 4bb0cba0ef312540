import type { ChildMode } from '@sprout/shared';
import type { ChatMessage } from './chat-message';

export interface ChatState {
  mode: ChildMode;
  messages: ChatMessage[];
}

export type ChatAction =
  | { type: 'show'; mode: ChildMode; messages: ChatMessage[] }
  | { type: 'add'; messages: ChatMessage[] }
  | { type: 'append'; id: string; text: string }
  | { type: 'finish'; id: string; image: string | null }
  | { type: 'fail'; id: string; content: string };

function update(
  messages: ChatMessage[],
  id: string,
  change: (message: ChatMessage) => ChatMessage,
): ChatMessage[] {
  return messages.map((message) => (message.id === id ? change(message) : message));
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'show':
      return { mode: action.mode, messages: action.messages };
    case 'add':
      return { ...state, messages: [...state.messages, ...action.messages] };
    case 'append':
      return {
        ...state,
        messages: update(state.messages, action.id, (m) => ({
          ...m,
          content: m.content + action.text,
        })),
      };
    case 'finish':
      return {
        ...state,
        messages: update(state.messages, action.id, (m) => ({
          ...m,
          isStreaming: false,
          ...(action.image ? { image: action.image } : {}),
        })),
      };
    case 'fail':
      return {
        ...state,
        messages: update(state.messages, action.id, (m) => ({
          ...m,
          content: action.content,
          isStreaming: false,
        })),
      };
  }
}
