/**
 * The only module that talks to the Firebase web SDK, so tests can replace it with vi.mock.
 * The Firebase settings come from the server at run time (GET /api/public/client-config).
 *
 * Two Firebase app instances run side by side: the default one holds the admin's own session, and
 * a second named one ('admin-kid-session') holds the test child the suite signs in, kept in memory
 * only, so signing the child in or out never touches the admin's session.
 */
import { createApiClient, type ClientConfigResponse } from '@sprout/shared';
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectAuthEmulator,
  getAuth,
  inMemoryPersistence,
  initializeAuth,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
} from 'firebase/auth';

export const KID_APP_NAME = 'admin-kid-session';

export interface AdminSessionUser {
  uid: string;
  email: string | null;
  /** The token's `admin` claim is true (spec §6). */
  isAdmin: boolean;
}

export interface KidSession {
  uid: string;
  email: string | null;
  token: string;
}

const publicClient = createApiClient({ getToken: async () => null });
let configPromise: Promise<ClientConfigResponse> | null = null;
let authPromise: Promise<Auth> | null = null;
let kidAuthPromise: Promise<Auth> | null = null;

function loadConfig(): Promise<ClientConfigResponse> {
  configPromise ??= publicClient.clientConfig().catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}

function connectEmulator(auth: Auth, config: ClientConfigResponse): Auth {
  if (config.authEmulatorUrl) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  return auth;
}

/** Fetches the client config and starts the admin's Firebase app once; a failed start may be retried. */
export function initFirebase(): Promise<Auth> {
  authPromise ??= loadConfig()
    .then((config) => connectEmulator(getAuth(initializeApp(config.firebase)), config))
    .catch((error: unknown) => {
      authPromise = null;
      throw error;
    });
  return authPromise;
}

/** The second, named app for the test child; its session lives in memory only. */
function initKidAuth(): Promise<Auth> {
  kidAuthPromise ??= loadConfig()
    .then((config) => {
      const existing = getApps().find((app) => app.name === KID_APP_NAME);
      const app: FirebaseApp = existing
        ? getApp(KID_APP_NAME)
        : initializeApp(config.firebase, KID_APP_NAME);
      if (existing) return getAuth(app);
      return connectEmulator(initializeAuth(app, { persistence: inMemoryPersistence }), config);
    })
    .catch((error: unknown) => {
      kidAuthPromise = null;
      throw error;
    });
  return kidAuthPromise;
}

/**
 * Calls back with the signed-in user (or null) now and on every change. The token is refreshed
 * before the claim is read, so an admin claim granted a moment ago is seen.
 */
export function watchAdmin(
  onUser: (user: AdminSessionUser | null) => void,
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
        user.getIdTokenResult(true).then(
          (result) => {
            if (current !== sequence || stopped) return;
            onUser({ uid: user.uid, email: user.email, isAdmin: result.claims.admin === true });
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

/** A fresh ID token of the admin, or null when nobody is signed in. */
export async function getIdToken(): Promise<string | null> {
  const auth = await initFirebase();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

export async function signOutUser(): Promise<void> {
  const auth = await initFirebase();
  await signOut(auth);
}

/** Signs the test child in on the second app; the admin's session is untouched. */
export async function signInKid(email: string, password: string): Promise<KidSession> {
  const auth = await initKidAuth();
  const credential = await signInWithEmailAndPassword(auth, email, password);
  return {
    uid: credential.user.uid,
    email: credential.user.email,
    token: await credential.user.getIdToken(),
  };
}

/** A fresh ID token of the test child, or null when no child is signed in. */
export async function getKidToken(): Promise<string | null> {
  if (!kidAuthPromise) return null;
  const auth = await kidAuthPromise;
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

export async function signOutKid(): Promise<void> {
  if (!kidAuthPromise) return;
  await signOut(await kidAuthPromise);
}
