/** The chat message of spec §3 and the ids it takes: user-, ai-, ai-explain-, welcome-, loaded-. */
import { welcomeMessage, welcomeMessageId, type ChildMode } from '@sprout/shared';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  isStreaming: boolean;
  image?: string | null;
}

let counter = 0;
function unique(): string {
  counter += 1;
  return `${Date.now()}-${counter}`;
}

export const newUserMessageId = () => `user-${unique()}`;
export const newAssistantMessageId = () => `ai-${unique()}`;
export const newExplainMessageId = () => `ai-explain-${unique()}`;
export const newLoadedMessageId = () => `loaded-${unique()}`;

export function createWelcomeMessage(mode: ChildMode, uid: string): ChatMessage {
  return {
    id: welcomeMessageId(mode, uid),
    role: 'assistant',
    content: welcomeMessage(mode),
    isStreaming: false,
  };
}

export function isWelcomeMessage(message: ChatMessage): boolean {
  return message.id.startsWith('welcome-');
}
