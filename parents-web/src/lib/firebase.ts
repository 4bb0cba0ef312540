/**
 * The only module that talks to the Firebase web SDK, so tests can replace it with vi.mock.
 * The Firebase settings come from the server at run time (GET /api/public/client-config).
 */
import { createApiClient, type ClientConfigResponse } from '@sprout/shared';
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  GoogleAuthProvider,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth';

export interface SessionUser {
  uid: string;
  email: string | null;
  isAdmin: boolean;
  role: string | null;
}

export interface SignedIn {
  user: SessionUser;
  token: string;
}

const publicClient = createApiClient({ getToken: async () => null });
let started: Promise<{ app: FirebaseApp; auth: Auth; config: ClientConfigResponse }> | null = null;

function start() {
  started ??= publicClient
    .clientConfig()
    .then((config) => {
      const app = initializeApp(config.firebase);
      const auth = getAuth(app);
      if (config.authEmulatorUrl) {
        connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
      }
      return { app, auth, config };
    })
    .catch((error: unknown) => {
      started = null;
      throw error;
    });
  return started;
}

export async function initFirebase(): Promise<Auth> {
  return (await start()).auth;
}

/** The run-time client config (support address, store links, billing mode). */
export async function getClientConfig(): Promise<ClientConfigResponse> {
  return (await start()).config;
}

async function toSessionUser(user: User, forceRefresh = false): Promise<SessionUser> {
  const result = await user.getIdTokenResult(forceRefresh);
  return {
    uid: user.uid,
    email: user.email,
    isAdmin: result.claims.admin === true,
    role: typeof result.claims.role === 'string' ? result.claims.role : null,
  };
}

async function signedIn(user: User): Promise<SignedIn> {
  const token = await user.getIdToken();
  return { user: await toSessionUser(user), token };
}

export async function signInWithEmail(email: string, password: string): Promise<SignedIn> {
  const auth = await initFirebase();
  return signedIn((await signInWithEmailAndPassword(auth, email, password)).user);
}

export async function signInWithGoogle(): Promise<SignedIn> {
  const auth = await initFirebase();
  return signedIn((await signInWithPopup(auth, new GoogleAuthProvider())).user);
}

export async function signUpWithEmail(email: string, password: string): Promise<SignedIn> {
  const auth = await initFirebase();
  return signedIn((await createUserWithEmailAndPassword(auth, email, password)).user);
}

export async function sendPasswordReset(email: string): Promise<void> {
  const auth = await initFirebase();
  await sendPasswordResetEmail(auth, email);
}

export async function signOutUser(): Promise<void> {
  const auth = await initFirebase();
  await signOut(auth);
}

/** Picks up claims the server set after sign-up (role: 'parent'). */
export async function refreshSession(): Promise<SessionUser | null> {
  const auth = await initFirebase();
  return auth.currentUser ? toSessionUser(auth.currentUser, true) : null;
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
