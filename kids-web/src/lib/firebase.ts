/**
 * The only module that talks to the Firebase web SDK, so tests can replace it with vi.mock.
 * The Firebase settings come from the server at run time (GET /api/public/client-config).
 */
import { createApiClient } from '@sprout/shared';
import { initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth';

export interface SessionUser {
  uid: string;
  /** The server sets the `role: 'kid'` claim on every child account. */
  isKid: boolean;
}

const publicClient = createApiClient({ getToken: async () => null });
let authPromise: Promise<Auth> | null = null;

/** Fetches the client config and starts Firebase once; a failed start may be retried. */
export function initFirebase(): Promise<Auth> {
  authPromise ??= publicClient
    .clientConfig()
    .then((config) => {
      const app = initializeApp(config.firebase);
      const auth = getAuth(app);
      if (config.authEmulatorUrl) {
        connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
      }
      return auth;
    })
    .catch((error: unknown) => {
      authPromise = null;
      throw error;
    });
  return authPromise;
}

async function toSessionUser(user: User): Promise<SessionUser> {
  const result = await user.getIdTokenResult();
  return { uid: user.uid, isKid: result.claims.role === 'kid' };
}

/** Signs in with the synthetic email; returns the user and a fresh ID token. */
export async function signInWithPassword(
  email: string,
  password: string,
): Promise<{ user: SessionUser; token: string }> {
  const auth = await initFirebase();
  const credential = await signInWithEmailAndPassword(auth, email, password);
  const token = await credential.user.getIdToken();
  return { user: await toSessionUser(credential.user), token };
}

export async function signOutUser(): Promise<void> {
  const auth = await initFirebase();
  await signOut(auth);
}

/** Calls back with the signed-in user (or null) now and on every change. */
export function watchUser(
  onUser: (user: SessionUser | null) => void,
  onError: (error: unknown) => void,
): () => void {
  let unsubscribe: (() => void) | null = null;
  let stopped = false;
  let sequence = 0;
  initFirebase().then(
    (auth) => {
      if (stopped) return;
      unsubscribe = onAuthStateChanged(auth, (user) => {
        const current = ++sequence;
        if (!user) {
          onUser(null);
          return;
        }
        toSessionUser(user).then(
          (sessionUser) => {
            if (current === sequence && !stopped) onUser(sessionUser);
          },
          (error: unknown) => {
            if (current === sequence && !stopped) onError(error);
          },
        );
      });
    },
    (error: unknown) => {
      if (!stopped) onError(error);
    },
  );
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

/** A fresh ID token of the signed-in user, or null when nobody is signed in. */
export async function getIdToken(): Promise<string | null> {
  const auth = await initFirebase();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}
