import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { StatusScreen } from '../../components/StatusScreen';
import { retrySession, useSession } from '../../lib/session';
import { ChatScreen, LOGIN_PATH } from './ChatScreen';
import './chat.css';

/** /chat: only for a signed-in child; anyone else goes to the kids login (spec §2). */
export function ChatPage() {
  const session = useSession();
  useEffect(() => {
    document.title = 'Chat · Sprout';
  }, []);

  if (session.status === 'loading') return <StatusScreen message="Getting Sprout ready…" busy />;
  if (session.status === 'error') {
    return (
      <StatusScreen
        message="We couldn't reach Sprout. Please check the internet connection and try again."
        actionLabel="Try Again"
        onAction={retrySession}
      />
    );
  }
  if (session.status === 'signedOut' || !session.user.isKid) {
    return <Navigate to={LOGIN_PATH} replace />;
  }
  return <ChatScreen key={session.user.uid} uid={session.user.uid} />;
}
