/** Who is signed in, shared by the login and chat screens (one Firebase listener for the app). */
import { useSyncExternalStore } from 'react';
import { watchUser, type SessionUser } from './firebase';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; user: SessionUser }
  | { status: 'error' };

let state: SessionState = { status: 'loading' };
let stopWatching: (() => void) | null = null;
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

function startWatching(): void {
  if (stopWatching) return;
  stopWatching = watchUser(
    (user) => setState(user ? { status: 'signedIn', user } : { status: 'signedOut' }),
    (error) => {
      console.error('Could not start the sign-in service', error);
      stopWatching?.();
      stopWatching = null;
      setState({ status: 'error' });
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  startWatching();
  return () => {
    listeners.delete(listener);
  };
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, () => state);
}

export function getSessionState(): SessionState {
  return state;
}

/** The login screen knows the new user before Firebase's listener reports it. */
export function markSignedIn(user: SessionUser): void {
  setState({ status: 'signedIn', user });
}

export function markSignedOut(): void {
  setState({ status: 'signedOut' });
}

/** After a failed start, try again (the retry button of the error screen). */
export function retrySession(): void {
  setState({ status: 'loading' });
  startWatching();
}

/** Tests start every case from a fresh session. */
export function resetSessionForTests(): void {
  stopWatching?.();
  stopWatching = null;
  state = { status: 'loading' };
  listeners.clear();
}
