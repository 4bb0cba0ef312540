import { useEffect, useState } from 'react';
import { watchUser, type SessionUser } from './firebase';

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'signedOut'; user: null }
  | { status: 'signedIn'; user: SessionUser }
  | { status: 'error'; user: null; error: unknown };

/** The signed-in parent as Firebase reports it, kept current. */
export function useSession(): Session {
  const [session, setSession] = useState<Session>({ status: 'loading', user: null });
  useEffect(
    () =>
      watchUser(
        (user) =>
          setSession(user ? { status: 'signedIn', user } : { status: 'signedOut', user: null }),
        (error) => setSession({ status: 'error', user: null, error }),
      ),
    [],
  );
  return session;
}
