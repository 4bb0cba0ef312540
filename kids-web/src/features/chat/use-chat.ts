/** The conversation of one child: modes, sending, explaining, saving and clearing (spec §4). */
import {
  EXPLAIN_MODE,
  HISTORY_ITEM_MAX_LENGTH,
  HISTORY_MAX_ITEMS,
  NotSignedInError,
  type ChatHistoryItem,
  type ChatMode,
  type ChildMode,
  DEFAULT_CHILD_MODE,
} from '@sprout/shared';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { api } from '../../lib/api';
import { getSessionState } from '../../lib/session';
import { chatErrorText, explainErrorText, explainPrompt } from './chat-errors';
import { loadHistory, removeHistory, saveHistory } from './chat-history';
import {
  createWelcomeMessage,
  isWelcomeMessage,
  newAssistantMessageId,
  newExplainMessageId,
  newUserMessageId,
  type ChatMessage,
} from './chat-message';
import { chatReducer } from './chat-reducer';

export interface UseChatOptions {
  uid: string;
  /** A reply finished (or failed): auto-read takes it from here. */
  onReplyDone: (messageId: string, text: string) => void;
  /** Sending needs a signed-in user; without one the child goes back to the login. */
  onSignedOut: () => void;
}

/** The mode's saved history, or its welcome message when there is none. */
export function messagesFor(uid: string, mode: ChildMode): ChatMessage[] {
  const saved = loadHistory(uid, mode);
  return saved.length > 0 ? saved : [createWelcomeMessage(mode, uid)];
}

/** Earlier non-welcome messages as the server takes them. */
export function toRequestHistory(messages: readonly ChatMessage[]): ChatHistoryItem[] {
  return messages
    .filter((m) => !isWelcomeMessage(m) && !m.isStreaming && m.content.trim() !== '')
    .map((m) => ({ role: m.role, content: m.content.slice(0, HISTORY_ITEM_MAX_LENGTH) }))
    .slice(-HISTORY_MAX_ITEMS);
}

export function useChat({ uid, onReplyDone, onSignedOut }: UseChatOptions) {
  const [state, dispatch] = useReducer(chatReducer, undefined, () => ({
    mode: DEFAULT_CHILD_MODE,
    messages: messagesFor(uid, DEFAULT_CHILD_MODE),
  }));
  const request = useRef<AbortController | null>(null);
  const lastSaved = useRef<{ key: string; text: string } | null>(null);
  const isStreaming = state.messages.some((m) => m.isStreaming);

  useEffect(() => {
    // Streaming messages are not saved, so a stream writes once when it starts and once at the end.
    const key = `${uid}\u0000${state.mode}`;
    const pending = JSON.stringify(
      state.messages.filter((m) => !m.isStreaming).map((m) => [m.role, m.content, m.image]),
    );
    if (lastSaved.current?.key === key && lastSaved.current.text === pending) return;
    saveHistory(uid, state.mode, state.messages);
    lastSaved.current = { key, text: pending };
  }, [uid, state.mode, state.messages]);

  const abort = useCallback(() => {
    request.current?.abort();
    request.current = null;
  }, []);

  useEffect(() => abort, [abort]);

  const stream = useCallback(
    async (
      messageId: string,
      body: { prompt: string; mode: ChatMode; history: ChatHistoryItem[] },
      failureText: (error: unknown) => string,
    ) => {
      const controller = new AbortController();
      request.current = controller;
      try {
        const { text, image } = await api.chat(
          body,
          (chunk) => {
            if (!controller.signal.aborted)
              dispatch({ type: 'append', id: messageId, text: chunk });
          },
          controller.signal,
        );
        if (controller.signal.aborted) return;
        dispatch({ type: 'finish', id: messageId, image });
        onReplyDone(messageId, text);
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof NotSignedInError) {
          onSignedOut();
          return;
        }
        console.error('Chat request failed', error);
        const content = failureText(error);
        dispatch({ type: 'fail', id: messageId, content });
        onReplyDone(messageId, content);
      } finally {
        if (request.current === controller) request.current = null;
      }
    },
    [onReplyDone, onSignedOut],
  );

  const switchMode = useCallback(
    (mode: ChildMode) => {
      if (mode === state.mode) return;
      abort();
      dispatch({ type: 'show', mode, messages: messagesFor(uid, mode) });
    },
    [abort, state.mode, uid],
  );

  /** Sends a prompt; returns false when nothing was sent (empty text or a reply still streaming). */
  const send = useCallback(
    (text: string): boolean => {
      const prompt = text.trim();
      if (!prompt || request.current) return false;
      if (getSessionState().status !== 'signedIn') {
        onSignedOut();
        return false;
      }
      const history = toRequestHistory(state.messages);
      const replyId = newAssistantMessageId();
      dispatch({
        type: 'add',
        messages: [
          { id: newUserMessageId(), role: 'user', content: prompt, isStreaming: false },
          { id: replyId, role: 'assistant', content: '', isStreaming: true },
        ],
      });
      void stream(replyId, { prompt, mode: state.mode, history }, chatErrorText);
      return true;
    },
    [onSignedOut, state.messages, state.mode, stream],
  );

  const explain = useCallback(
    (word: string) => {
      const term = word.trim();
      if (!term || request.current) return;
      const replyId = newExplainMessageId();
      dispatch({
        type: 'add',
        messages: [{ id: replyId, role: 'assistant', content: '', isStreaming: true }],
      });
      void stream(replyId, { prompt: explainPrompt(term), mode: EXPLAIN_MODE, history: [] }, () =>
        explainErrorText(term),
      );
    },
    [stream],
  );

  const clearHistory = useCallback(() => {
    abort();
    removeHistory(uid, state.mode);
    dispatch({ type: 'show', mode: state.mode, messages: [createWelcomeMessage(state.mode, uid)] });
  }, [abort, state.mode, uid]);

  return {
    mode: state.mode,
    messages: state.messages,
    isStreaming,
    switchMode,
    send,
    explain,
    clearHistory,
    abort,
  };
}
