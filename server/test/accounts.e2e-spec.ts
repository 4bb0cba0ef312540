import request from 'supertest';
import { createTestApp, type TestApp } from './utils/create-app';
import { signIn, signUp } from './utils/firebase';
import { bearer, makeChild, makeParent } from './utils/factories';

describe('accounts and the core server', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the health check with the database, identity service and AI', async () => {
    const res = await request(t.server).get('/api/health-check').expect(200);
    expect(res.body.checks.database.ok).toBe(true);
    expect(res.body.checks.identity.ok).toBe(true);
    expect(res.body.checks.ai.ok).toBe(true);
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('reports the payment integrations in complimentary mode', async () => {
    const res = await request(t.server).get('/api/iap-health-check').expect(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      billing: 'complimentary',
      stripe: { configured: false },
    });
  });

  it('gives the web apps their Firebase settings, naming the emulator', async () => {
    const res = await request(t.server).get('/api/public/client-config').expect(200);
    expect(res.body.firebase.projectId).toBe('demo-sprout');
    expect(res.body.authEmulatorUrl).toBe(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`);
    expect(res.body.billing).toBe('complimentary');
  });

  it('refuses a route without a token with 401 and a readable detail', async () => {
    const res = await request(t.server).get('/api/parents/children').expect(401);
    expect(res.body).toEqual({
      statusCode: 401,
      detail: {
        error: 'unauthorized',
        message:
          'Authentication required: send an Authorization: Bearer <Firebase ID token> header.',
      },
    });
  });

  it('refuses a bad token with 401', async () => {
    const res = await request(t.server)
      .get('/api/parents/children')
      .set(bearer('not-a-token'))
      .expect(401);
    expect(res.body.detail.message).toBe('Your session is not valid. Please log in again.');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await request(t.server).get('/api/public/nothing-here').expect(404);
    expect(res.body).toEqual({ statusCode: 404, detail: 'Not found.' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const parent = await makeParent(t);
    const res = await request(t.server)
      .post('/api/parents/keywords')
      .set(bearer(parent.idToken))
      .set('Content-Type', 'application/json')
      .send('{"keyword": ')
      .expect(400);
    expect(res.body.detail).toBe('The request body is not valid JSON.');
  });

  describe('parent signup and login', () => {
    it('requires accepting the terms', async () => {
      const account = await signUp();
      const res = await request(t.server)
        .post('/api/parents/signup')
        .set(bearer(account.idToken))
        .send({ email: account.email, acceptTerms: false })
        .expect(400);
      expect(res.body.detail.message).toBe('You must accept the Terms and Conditions to sign up.');
    });

    it('records the parent, sets the role claim and needs no checkout in complimentary mode', async () => {
      const account = await signUp();
      const res = await request(t.server)
        .post('/api/parents/signup')
        .set(bearer(account.idToken))
        .send({ email: account.email, acceptTerms: true })
        .expect(200);
      expect(res.body).toEqual({ uid: account.uid, email: account.email });
      const again = await signIn(account.email, account.password);
      const login = await request(t.server)
        .post('/api/parents/login')
        .set(bearer(again.idToken))
        .send({ email: account.email })
        .expect(200);
      expect(login.body.subscription.status).toBe('active');
    });

    it('lets a parent use the dashboard with the token minted before signup', async () => {
      const account = await signUp();
      await request(t.server)
        .post('/api/parents/signup')
        .set(bearer(account.idToken))
        .send({ email: account.email, acceptTerms: true })
        .expect(200);
      await request(t.server)
        .get('/api/parents/children')
        .set(bearer(account.idToken))
        .expect(200, { children: [] });
    });

    it('refuses login for an account that never signed up', async () => {
      const account = await signUp();
      const res = await request(t.server)
        .post('/api/parents/login')
        .set(bearer(account.idToken))
        .send({ email: account.email })
        .expect(403);
      expect(res.body.detail.message).toBe(
        'No Sprout parent account was found for this login. Please sign up first.',
      );
    });

    it('refuses a login whose email is not the token’s', async () => {
      const parent = await makeParent(t);
      await request(t.server)
        .post('/api/parents/login')
        .set(bearer(parent.idToken))
        .send({ email: 'someone-else@example.com' })
        .expect(403);
    });
  });

  describe('children sign in', () => {
    it('answers the synthetic email for a known username and 404 otherwise', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      const res = await request(t.server)
        .get('/api/public/synthetic-email')
        .query({ username: child.username.toUpperCase() })
        .expect(200);
      expect(res.body).toEqual({ email: `${child.username}@kids.sprout.invalid` });
      const missing = await request(t.server)
        .get('/api/public/synthetic-email')
        .query({ username: 'nobody-by-this-name' })
        .expect(404);
      expect(missing.body.detail.message).toBe(
        "That username doesn't exist. Please check the spelling.",
      );
    });

    it('logs a child in with the kid token and keeps kids and parents apart', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      const res = await request(t.server)
        .post('/api/kids/login')
        .set(bearer(child.idToken))
        .send({ email: child.email })
        .expect(200);
      expect(res.body).toEqual({ uid: child.uid, username: child.username, email: child.email });
      const asParent = await request(t.server)
        .get('/api/parents/children')
        .set(bearer(child.idToken))
        .expect(403);
      expect(asParent.body.detail.message).toBe(
        "This is for parents' accounts. Please log in as a parent.",
      );
      const asKid = await request(t.server)
        .get('/api/kids/config')
        .set(bearer(parent.idToken))
        .expect(403);
      expect(asKid.body.detail.message).toBe(
        "This is for children's accounts. Please log in as a child.",
      );
    });
  });
});
