/** The real Firebase module, with the SDK replaced: two app instances, the emulator on both. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, json } from '../testing/fake-api';

const sdk = vi.hoisted(() => {
  const apps: { name: string }[] = [];
  const auths = new Map<string, { app: { name: string }; currentUser: unknown; kind: string }>();
  return {
    apps,
    auths,
    authStateListener: null as ((user: unknown) => void) | null,
    initializeApp: vi.fn((_config: unknown, name = '[DEFAULT]') => {
      const app = { name };
      apps.push(app);
      return app;
    }),
    getApps: vi.fn(() => apps),
    getApp: vi.fn((name: string) => apps.find((app) => app.name === name)),
    getAuth: vi.fn((app: { name: string }) => {
      const auth = auths.get(app.name) ?? { app, currentUser: null, kind: 'getAuth' };
      auths.set(app.name, auth);
      return auth;
    }),
    initializeAuth: vi.fn((app: { name: string }, _deps: unknown) => {
      const auth = { app, currentUser: null, kind: 'initializeAuth' };
      auths.set(app.name, auth);
      return auth;
    }),
    connectAuthEmulator: vi.fn(),
    signInWithEmailAndPassword: vi.fn(),
    signOut: vi.fn(async (auth: { currentUser: unknown }) => {
      auth.currentUser = null;
    }),
    onAuthStateChanged: vi.fn((_auth: unknown, listener: (user: unknown) => void) => {
      sdk.authStateListener = listener;
      return () => undefined;
    }),
  };
});

vi.mock('firebase/app', () => ({
  initializeApp: sdk.initializeApp,
  getApps: sdk.getApps,
  getApp: sdk.getApp,
}));
vi.mock('firebase/auth', () => ({
  getAuth: sdk.getAuth,
  initializeAuth: sdk.initializeAuth,
  inMemoryPersistence: { type: 'NONE' },
  connectAuthEmulator: sdk.connectAuthEmulator,
  signInWithEmailAndPassword: sdk.signInWithEmailAndPassword,
  signOut: sdk.signOut,
  onAuthStateChanged: sdk.onAuthStateChanged,
}));

const FIREBASE = { apiKey: 'demo-key', authDomain: 'demo.test', projectId: 'demo-sprout' };

beforeEach(() => {
  vi.resetModules();
  sdk.apps.length = 0;
  sdk.auths.clear();
  sdk.authStateListener = null;
  const api = installFakeApi();
  api.on('GET', '/api/public/client-config', () =>
    json(200, {
      firebase: FIREBASE,
      authEmulatorUrl: 'http://127.0.0.1:9099',
      billing: 'complimentary',
    }),
  );
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('the Firebase module', () => {
  it('signs the test child in on a second named app, leaving the admin session alone', async () => {
    const firebase = await import('./firebase');
    const adminAuth = await firebase.initFirebase();
    const admin = { uid: 'admin-1', getIdToken: async () => 'admin-token' };
    (adminAuth as unknown as { currentUser: unknown }).currentUser = admin;

    expect(await firebase.getKidToken()).toBeNull();
    sdk.signInWithEmailAndPassword.mockImplementation(async (auth: { currentUser: unknown }) => {
      const kid = {
        uid: 'kid-1',
        email: 'demo-kid@kids.test',
        getIdToken: async () => 'kid-token',
      };
      auth.currentUser = kid;
      return { user: kid };
    });

    const session = await firebase.signInKid('demo-kid@kids.test', 'sprout-kid');

    expect(session).toEqual({ uid: 'kid-1', email: 'demo-kid@kids.test', token: 'kid-token' });
    expect(sdk.initializeApp).toHaveBeenCalledWith(FIREBASE);
    expect(sdk.initializeApp).toHaveBeenCalledWith(FIREBASE, 'admin-kid-session');
    const kidAuth = sdk.auths.get('admin-kid-session');
    expect(sdk.initializeAuth).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'admin-kid-session' }),
      { persistence: { type: 'NONE' } },
    );
    expect(sdk.signInWithEmailAndPassword).toHaveBeenCalledWith(
      kidAuth,
      'demo-kid@kids.test',
      'sprout-kid',
    );
    expect(sdk.connectAuthEmulator).toHaveBeenCalledWith(adminAuth, 'http://127.0.0.1:9099', {
      disableWarnings: true,
    });
    expect(sdk.connectAuthEmulator).toHaveBeenCalledWith(kidAuth, 'http://127.0.0.1:9099', {
      disableWarnings: true,
    });
    expect(await firebase.getIdToken()).toBe('admin-token');
    expect(await firebase.getKidToken()).toBe('kid-token');

    await firebase.signOutKid();
    expect(sdk.signOut).toHaveBeenCalledWith(kidAuth);
    expect(await firebase.getKidToken()).toBeNull();
    expect(await firebase.getIdToken()).toBe('admin-token');
  });

  it('reads the admin claim from a refreshed token', async () => {
    const firebase = await import('./firebase');
    const seen: unknown[] = [];
    firebase.watchAdmin(
      (user) => seen.push(user),
      () => undefined,
    );
    await vi.waitFor(() => expect(sdk.authStateListener).not.toBeNull());

    const getIdTokenResult = vi.fn(async (_refresh: boolean) => ({ claims: { admin: true } }));
    sdk.authStateListener!({ uid: 'admin-1', email: 'admin@demo.test', getIdTokenResult });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual({ uid: 'admin-1', email: 'admin@demo.test', isAdmin: true });
    expect(getIdTokenResult).toHaveBeenCalledWith(true);

    sdk.authStateListener!({
      uid: 'parent-1',
      email: 'parent@demo.test',
      getIdTokenResult: async () => ({ claims: { role: 'parent', admin: 'yes' } }),
    });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toEqual({ uid: 'parent-1', email: 'parent@demo.test', isAdmin: false });

    sdk.authStateListener!(null);
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(seen[2]).toBeNull();
  });
});
