import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { TestApp } from './create-app';
import { signIn, signUp, type SignedIn } from './firebase';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A parent who signed up through the API (claims refreshed). */
export async function makeParent(t: TestApp): Promise<SignedIn> {
  const account = await signUp();
  await request(t.server)
    .post('/api/parents/signup')
    .set(bearer(account.idToken))
    .send({ email: account.email, acceptTerms: true })
    .expect(200);
  return signIn(account.email, account.password);
}

export function uniqueUsername(prefix = 'kid'): string {
  return `${prefix}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
}

/** A child created by the parent, signed in like the kids app does. */
export async function makeChild(
  t: TestApp,
  parent: SignedIn,
  overrides: Partial<{
    username: string;
    password: string;
    age: number | null;
    filter: string;
  }> = {},
): Promise<SignedIn & { username: string }> {
  const body = {
    username: uniqueUsername(),
    password: 'kid-pass',
    age: 8,
    filter: 'moderate',
    ...overrides,
  };
  await request(t.server)
    .post('/api/parents/add-child')
    .set(bearer(parent.idToken))
    .send(body)
    .expect(201);
  const email = `${body.username.toLowerCase()}@${t.config.kidsEmailDomain}`;
  return { ...(await signIn(email, body.password)), username: body.username.toLowerCase() };
}
