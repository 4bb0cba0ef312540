/**
 * A stand-in for src/lib/firebase.ts. Use it in a test file with:
 *   vi.mock('../lib/firebase', async () => (await import('../testing/fake-firebase')).firebaseModule);
 */
import { vi } from 'vitest';
import type * as FirebaseModule from '../lib/firebase';
import type { AdminSessionUser, KidSession } from '../lib/firebase';

type Listener = (user: AdminSessionUser | null) => void;

const listeners = new Set<Listener>();

export const ADMIN: AdminSessionUser = { uid: 'admin-1', email: 'admin@demo.test', isAdmin: true };
export const PARENT: AdminSessionUser = {
  uid: 'parent-1',
  email: 'parent@demo.test',
  isAdmin: false,
};
export const ADMIN_TOKEN = 'admin-token';
export const KID_TOKEN = 'kid-token';

export const fakeAuth = {
  /** Who the admin's own Firebase app reports. */
  user: null as AdminSessionUser | null,
  /** While true, the token check has not answered yet. */
  checking: false,
  /** The test child signed in on the second app. */
  kid: null as KidSession | null,
  /** What signing the test child in does; tests replace it with mockResolvedValue / mockRejectedValue. */
  signInKid: vi.fn<(email: string, password: string) => Promise<KidSession>>(),
  setUser(user: AdminSessionUser | null) {
    fakeAuth.user = user;
    fakeAuth.checking = false;
    listeners.forEach((listener) => listener(user));
  },
  reset() {
    fakeAuth.user = null;
    fakeAuth.checking = false;
    fakeAuth.kid = null;
    listeners.clear();
    fakeAuth.signInKid.mockReset();
    fakeAuth.signInKid.mockImplementation(async (email) => ({
      uid: 'kid-1',
      email,
      token: KID_TOKEN,
    }));
  },
};

export const firebaseModule: typeof FirebaseModule = {
  KID_APP_NAME: 'admin-kid-session',
  initFirebase: vi.fn(async () => ({}) as Awaited<ReturnType<typeof FirebaseModule.initFirebase>>),
  watchAdmin: (onUser) => {
    listeners.add(onUser);
    queueMicrotask(() => {
      if (listeners.has(onUser) && !fakeAuth.checking) onUser(fakeAuth.user);
    });
    return () => {
      listeners.delete(onUser);
    };
  },
  getIdToken: async () => (fakeAuth.user ? ADMIN_TOKEN : null),
  signOutUser: vi.fn(async () => {
    fakeAuth.setUser(null);
  }),
  signInKid: async (email, password) => {
    const session = await fakeAuth.signInKid(email, password);
    fakeAuth.kid = session;
    return session;
  },
  getKidToken: async () => fakeAuth.kid?.token ?? null,
  signOutKid: vi.fn(async () => {
    fakeAuth.kid = null;
  }),
};
