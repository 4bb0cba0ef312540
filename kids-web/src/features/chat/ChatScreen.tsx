import { stripMarkdownForSpeech } from '@sprout/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isMobileDevice } from '../../lib/device';
import { signOutUser } from '../../lib/firebase';
import { markSignedOut } from '../../lib/session';
import { appendTranscript } from '../speech/dictation';
import { useDictation, useReadAloud, useVoices } from '../speech/use-speech';
import { chooseVoice } from '../speech/voices';
import { removeAllHistories } from './chat-history';
import { isWelcomeMessage, type ChatMessage } from './chat-message';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { SafetyBanner, hasSeenNotice, markNoticeSeen } from './SafetyNotice';
import { SettingsModal } from './SettingsModal';
import { TopBar } from './TopBar';
import { useChat } from './use-chat';
import { useKidConfig } from './use-kid-config';

export const LOGIN_PATH = '/kids/login';

/** The chat of one signed-in child (spec §2 "Kids chat"). */
export function ChatScreen({ uid }: { uid: string }) {
  const navigate = useNavigate();
  const config = useKidConfig();
  const { supported: speechSupported, voices } = useVoices();
  const voice = useMemo(
    () => chooseVoice(voices, config.preferences.preferred_voice_uri),
    [voices, config.preferences.preferred_voice_uri],
  );
  const { controller: reader, state: readState } = useReadAloud(voice);
  const [mobile] = useState(isMobileDevice);
  const autoRead = mobile ? config.preferences.auto_read_mobile : config.preferences.auto_read_web;
  const autoReadRef = useRef(autoRead);
  useEffect(() => {
    autoReadRef.current = autoRead;
  }, [autoRead]);

  const onReplyDone = useCallback(
    (messageId: string, text: string) => {
      if (autoReadRef.current) reader.autoRead(messageId, text);
    },
    [reader],
  );
  const goToLogin = useCallback(() => navigate(LOGIN_PATH, { replace: true }), [navigate]);
  const chat = useChat({ uid, onReplyDone, onSignedOut: goToLogin });
  const { mode, switchMode } = chat;

  // After the config loads, a mode the child may not use gives way to the first allowed one.
  useEffect(() => {
    if (config.loaded && !config.allowedModes.includes(mode)) {
      reader.stop();
      switchMode(config.allowedModes[0]);
    }
  }, [config.loaded, config.allowedModes, mode, switchMode, reader]);

  const [text, setText] = useState('');
  const onTranscript = useCallback(
    (transcript: string) => setText((current) => appendTranscript(current, transcript)),
    [],
  );
  const dictation = useDictation(onTranscript);

  const [settingsOpen, setSettingsOpen] = useState(false);
  const [showNotice, setShowNotice] = useState(() => !hasSeenNotice(uid));

  const selectMode = (next: typeof mode) => {
    if (next === mode) return;
    reader.stop();
    switchMode(next);
  };

  const send = () => {
    if (chat.send(text)) setText('');
  };

  const signOut = async () => {
    reader.stop();
    dictation.stop();
    chat.abort();
    removeAllHistories(uid);
    try {
      await signOutUser();
    } catch (error) {
      console.error('Sign-out failed', error);
    }
    markSignedOut();
    goToLogin();
  };

  const clearHistory = () => {
    reader.stop();
    chat.clearHistory();
    setSettingsOpen(false);
  };

  const toggleRead = useCallback(
    (message: ChatMessage) => reader.toggleManual(message.id, message.content),
    [reader],
  );

  return (
    <div className="chat">
      <TopBar
        modes={config.loaded ? config.allowedModes : []}
        currentMode={mode}
        onSelectMode={selectMode}
        onSignOut={() => void signOut()}
      />
      <main className="chat__main">
        {showNotice && (
          <SafetyBanner
            onDismiss={() => {
              markNoticeSeen(uid);
              setShowNotice(false);
            }}
          />
        )}
        <MessageList
          messages={chat.messages}
          busy={chat.isStreaming}
          readAloud={readState}
          onExplain={chat.explain}
          onToggleRead={toggleRead}
        />
        <ReplyAnnouncer messages={chat.messages} />
      </main>
      <Composer
        text={text}
        onTextChange={setText}
        onSend={send}
        sending={chat.isStreaming}
        listening={dictation.listening}
        onToggleListening={dictation.toggle}
        onOpenSettings={() => setSettingsOpen(true)}
      />
      {settingsOpen && (
        <SettingsModal
          mode={mode}
          preferences={config.preferences}
          onPreferenceChange={config.setPreference}
          speechSupported={speechSupported}
          voices={voices}
          onClearHistory={clearHistory}
          onClose={() => setSettingsOpen(false)}
        />
      )}
    </div>
  );
}

/** A polite live region: "typing" while a reply streams, then the finished reply as plain text. */
function ReplyAnnouncer({ messages }: { messages: readonly ChatMessage[] }) {
  const last = [...messages]
    .reverse()
    .find((m) => m.role === 'assistant' && !isWelcomeMessage(m) && !m.id.startsWith('loaded-'));
  let announcement = '';
  if (last?.isStreaming) announcement = 'Sprout is typing…';
  else if (last) announcement = `Sprout says: ${stripMarkdownForSpeech(last.content)}`;
  return (
    <div className="sr-only" role="status" aria-live="polite">
      {announcement}
    </div>
  );
}
