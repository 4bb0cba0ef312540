/**
 * A stand-in for src/lib/firebase.ts. Use it in a test file with:
 *   vi.mock('../../lib/firebase', async () => (await import('../../testing/fake-firebase')).firebaseModule);
 */
import { vi } from 'vitest';
import type { ClientConfigResponse } from '@sprout/shared';
import type * as FirebaseModule from '../lib/firebase';
import type { SessionUser, SignedIn } from '../lib/firebase';

type Listener = (user: SessionUser | null) => void;

const listeners = new Set<Listener>();

export const PARENT: SessionUser = {
  uid: 'parent-1',
  email: 'parent@example.com',
  isAdmin: false,
  role: 'parent',
};

export const CLIENT_CONFIG: ClientConfigResponse = {
  firebase: { apiKey: 'fake', authDomain: 'localhost', projectId: 'demo-sprout' },
  authEmulatorUrl: 'http://127.0.0.1:9099',
  billing: 'complimentary',
  stripePublishableKey: null,
  supportEmail: 'support@sprout.test',
  appStoreUrl: null,
  playStoreUrl: null,
  promoCode: null,
};

export const fakeAuth = {
  user: null as SessionUser | null,
  config: CLIENT_CONFIG,
  signInEmail: vi.fn<(email: string, password: string) => Promise<SignedIn>>(),
  signInGoogle: vi.fn<() => Promise<SignedIn>>(),
  signUpEmail: vi.fn<(email: string, password: string) => Promise<SignedIn>>(),
  sendReset: vi.fn<(email: string) => Promise<void>>(),
  setUser(user: SessionUser | null) {
    fakeAuth.user = user;
    listeners.forEach((listener) => listener(user));
  },
  reset() {
    fakeAuth.user = null;
    fakeAuth.config = CLIENT_CONFIG;
    listeners.clear();
    fakeAuth.signInEmail.mockReset();
    fakeAuth.signInGoogle.mockReset();
    fakeAuth.signUpEmail.mockReset();
    fakeAuth.sendReset.mockReset();
  },
};

/** A Firebase error as the SDK throws it: an Error with a `code`. */
export function firebaseError(code: string): Error & { code: string } {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

export function signedIn(user: SessionUser = PARENT): SignedIn {
  return { user, token: `token-of-${user.uid}` };
}

async function remember(result: Promise<SignedIn>): Promise<SignedIn> {
  const value = await result;
  fakeAuth.setUser(value.user);
  return value;
}

export const firebaseModule: typeof FirebaseModule = {
  initFirebase: vi.fn(async () => ({}) as Awaited<ReturnType<typeof FirebaseModule.initFirebase>>),
  getClientConfig: async () => fakeAuth.config,
  signInWithEmail: (email, password) => remember(fakeAuth.signInEmail(email, password)),
  signInWithGoogle: () => remember(fakeAuth.signInGoogle()),
  signUpWithEmail: (email, password) => remember(fakeAuth.signUpEmail(email, password)),
  sendPasswordReset: (email) => fakeAuth.sendReset(email),
  signOutUser: vi.fn(async () => {
    fakeAuth.setUser(null);
  }),
  refreshSession: vi.fn(async () => fakeAuth.user),
  watchUser: (onUser) => {
    listeners.add(onUser);
    queueMicrotask(() => {
      if (listeners.has(onUser)) onUser(fakeAuth.user);
    });
    return () => {
      listeners.delete(onUser);
    };
  },
  getIdToken: vi.fn(async () => (fakeAuth.user ? `token-of-${fakeAuth.user.uid}` : null)),
};
