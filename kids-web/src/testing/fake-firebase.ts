/**
 * A stand-in for src/lib/firebase.ts. Use it in a test file with:
 *   vi.mock('../../lib/firebase', async () => (await import('../../testing/fake-firebase')).firebaseModule);
 */
import { vi } from 'vitest';
import type * as FirebaseModule from '../lib/firebase';
import type { SessionUser } from '../lib/firebase';

type Listener = (user: SessionUser | null) => void;

const listeners = new Set<Listener>();

export const fakeAuth = {
  user: null as SessionUser | null,
  /** What signInWithPassword does; tests replace it with mockResolvedValue / mockRejectedValue. */
  signIn:
    vi.fn<(email: string, password: string) => Promise<{ user: SessionUser; token: string }>>(),
  setUser(user: SessionUser | null) {
    fakeAuth.user = user;
    listeners.forEach((listener) => listener(user));
  },
  reset() {
    fakeAuth.user = null;
    listeners.clear();
    fakeAuth.signIn.mockReset();
  },
};

export const KID: SessionUser = { uid: 'kid-1', isKid: true };

/** A Firebase error as the SDK throws it: an Error with a `code`. */
export function firebaseError(code: string): Error & { code: string } {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

export const firebaseModule: typeof FirebaseModule = {
  initFirebase: vi.fn(async () => ({}) as Awaited<ReturnType<typeof FirebaseModule.initFirebase>>),
  signInWithPassword: async (email, password) => {
    const result = await fakeAuth.signIn(email, password);
    fakeAuth.setUser(result.user);
    return result;
  },
  signOutUser: vi.fn(async () => {
    fakeAuth.setUser(null);
  }),
  watchUser: (onUser) => {
    listeners.add(onUser);
    queueMicrotask(() => {
      if (listeners.has(onUser)) onUser(fakeAuth.user);
    });
    return () => {
      listeners.delete(onUser);
    };
  },
  getIdToken: async () => (fakeAuth.user ? `token-${fakeAuth.user.uid}` : null),
};
