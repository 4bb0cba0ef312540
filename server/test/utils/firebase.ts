import { randomUUID } from 'node:crypto';

/** Talks to the Auth emulator's REST API the way the Firebase web SDK does. */
const host = () => {
  const value = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!value)
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set (global-setup starts the emulator)');
  return value;
};

async function call<T>(pathAndQuery: string, body: unknown): Promise<T> {
  const res = await fetch(
    `http://${host()}/identitytoolkit.googleapis.com/v1/${pathAndQuery}?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(`emulator ${pathAndQuery}: ${json.error?.message ?? res.status}`);
  return json;
}

export interface SignedIn {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

/** A brand-new account, as the web SDK's createUserWithEmailAndPassword makes it. */
export async function signUp(
  email = `parent-${randomUUID()}@example.com`,
  password = 'secret-pass',
): Promise<SignedIn> {
  const r = await call<{ localId: string; idToken: string }>('accounts:signUp', {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: r.localId, email, password, idToken: r.idToken };
}

/** Signs in again; the new token carries the latest custom claims. */
export async function signIn(email: string, password: string): Promise<SignedIn> {
  const r = await call<{ localId: string; idToken: string }>('accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: r.localId, email, password, idToken: r.idToken };
}

/** Removes every account of the emulator's project (test clean-up). */
export async function clearAccounts(): Promise<void> {
  await fetch(`http://${host()}/emulator/v1/projects/demo-sprout/accounts`, { method: 'DELETE' });
}
