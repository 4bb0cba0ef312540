// Parents and children created through the real API, signed in through the Auth emulator's
// REST API the way the Firebase web SDK does (server/test/utils/firebase.ts, factories.ts).
import { randomBytes } from 'node:crypto';
import { runPool } from './util.mjs';

const KIDS_DOMAIN = 'kids.sprout.invalid';
const PARENT_PASSWORD = 'bench-parent-pass';
const KID_PASSWORD = 'bench-kid-pass';
/** server/src/parents/children.service.ts MAX_CHILDREN_PER_PARENT */
export const CHILDREN_PER_PARENT = 20;

async function identity(emulatorHost, method, body) {
  const res = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
    },
  );
  const json = await res.json();
  if (!res.ok) throw new Error(`emulator accounts:${method}: ${json.error?.message ?? res.status}`);
  return { uid: json.localId, idToken: json.idToken };
}

async function api(origin, method, path, token, body) {
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * `childCount` children spread over as few parents as the per-family limit allows; every
 * parent also watches a few keywords, as real families do. Returns signed-in tokens.
 */
export async function createFamilies({ origin, emulatorHost, childCount, keywords = [] }) {
  const tag = randomBytes(4).toString('hex');
  const parentCount = Math.ceil(childCount / CHILDREN_PER_PARENT);
  const parents = [];
  await runPool(parentCount, 4, async (p) => {
    const email = `bench-parent-${tag}-${p}@example.com`;
    await identity(emulatorHost, 'signUp', { email, password: PARENT_PASSWORD });
    const first = await identity(emulatorHost, 'signInWithPassword', {
      email,
      password: PARENT_PASSWORD,
    });
    await api(origin, 'POST', '/parents/signup', first.idToken, { email, acceptTerms: true });
    // Signing in again gives a token with the parent claim the signup set.
    const signedIn = await identity(emulatorHost, 'signInWithPassword', {
      email,
      password: PARENT_PASSWORD,
    });
    for (const keyword of keywords)
      await api(origin, 'POST', '/parents/keywords', signedIn.idToken, { keyword });
    parents[p] = { uid: signedIn.uid, email, idToken: signedIn.idToken, children: [] };
  });
  const children = [];
  await runPool(childCount, 4, async (c) => {
    const parent = parents[Math.floor(c / CHILDREN_PER_PARENT)];
    const username = `bench${tag}k${c}`;
    const view = await api(origin, 'POST', '/parents/add-child', parent.idToken, {
      username,
      password: KID_PASSWORD,
      age: 7 + (c % 6),
      filter: 'moderate',
    });
    const signedIn = await identity(emulatorHost, 'signInWithPassword', {
      email: `${username}@${KIDS_DOMAIN}`,
      password: KID_PASSWORD,
    });
    children[c] = { uid: view.uid, username, parentUid: parent.uid, idToken: signedIn.idToken };
  });
  for (const child of children) parents.find((p) => p.uid === child.parentUid).children.push(child);
  return { parents, children };
}
