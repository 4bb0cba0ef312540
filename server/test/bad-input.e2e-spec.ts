import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './utils/create-app';
import { bearer, makeChild, makeParent } from './utils/factories';
import type { SignedIn } from './utils/firebase';

type Method = 'get' | 'post' | 'put' | 'delete';
interface Route {
  method: Method;
  path: string;
  as: 'parent' | 'kid' | 'none';
}

const LONG = 'x'.repeat(20_000);

/** Bodies a careless or hostile client may send, beside the right shape. */
const BODIES: unknown[] = [
  null,
  [],
  [1, 2],
  42,
  'text',
  {},
  { __proto__: { admin: true }, constructor: { prototype: { admin: true } } },
  {
    username: { $ne: '' },
    password: ['a'],
    age: '12; DROP TABLE children',
    filter: 7,
    modes: 'Learn',
    keyword: { k: 1 },
    email_notifications: 'yes',
    prompt: ['hi'],
    mode: { m: 1 },
    history: 'none',
    type: 'issue',
    content: 12,
    context: 'ctx',
    child_id: ['a'],
    session_id: { id: 'cs_1' },
    email: ['a@b.c'],
    acceptTerms: 'true',
    auto_read_web: 'on',
  },
  {
    username: LONG,
    password: LONG,
    age: 1e308,
    prompt: LONG,
    keyword: LONG,
    content: LONG,
    email: `${LONG}@example.com`,
    history: Array.from({ length: 500 }, () => ({ role: 'system', content: LONG })),
  },
  { age: -1, filter: 'none', modes: [], prompt: '   ', mode: 'Explain', history: [{}] },
  { preferred_voice_uri: null, auto_read_web: true, auto_read_mobile: false },
];

/** Path segments and queries that should answer 4xx, never 500. */
const IDS = [
  'not-a-child',
  '99999999999999999999999999',
  '-1',
  '1.5',
  '%00',
  '..%2F..%2Fetc',
  encodeURIComponent('é🙂'),
  'x'.repeat(600),
];
const QUERIES = [
  '',
  '?timeRange=forever',
  '?timeRange=7days&timeRange=all',
  '?page=-1&pageSize=100000',
  '?page=abc&pageSize=1e3',
  '?mode=Learn&mode=Play&status=flagged&status=safe',
  '?status=unknown&mode=Nope',
  '?username=',
  `?username=${'a'.repeat(5000)}`,
  '?username[$ne]=x',
];

/**
 * "Bad input gets a clear error and changes nothing. No 500 for anything a client can send."
 * Every route of the API is sent malformed JSON, wrong shapes and types, oversize values, odd
 * ids and repeated query parameters, as a parent, as a child and with no token.
 */
describe('hostile input on every route', () => {
  let t: TestApp;
  let parent: SignedIn;
  let kid: SignedIn & { username: string };

  beforeAll(async () => {
    t = await createTestApp();
    parent = await makeParent(t);
    kid = await makeChild(t, parent);
  });
  afterAll(async () => {
    await t.close();
  });

  const routes = (): Route[] => {
    const child = kid.uid;
    const p = (method: Method, path: string): Route => ({ method, path, as: 'parent' });
    return [
      p('get', '/api/parents/children'),
      p('post', '/api/parents/add-child'),
      p('put', `/api/parents/children/${child}`),
      p('put', `/api/parents/children/${child}/reset-password`),
      p('put', `/api/parents/children/${child}/allowed-modes`),
      p('get', `/api/parents/children/${child}/allowed-modes`),
      p('get', `/api/parents/logs/${child}`),
      p('get', `/api/parents/stats/${child}`),
      p('post', '/api/parents/logs/1/unmark'),
      p('get', '/api/parents/keywords'),
      p('post', '/api/parents/keywords'),
      p('get', '/api/parents/preferences'),
      p('post', '/api/parents/preferences'),
      p('post', '/api/feedback'),
      p('post', '/api/parents/login'),
      p('post', '/api/parents/signup'),
      p('get', '/api/parents/subscription'),
      p('post', '/api/parents/create-checkout-session'),
      p('post', '/api/parents/verify-checkout-session'),
      p('post', '/api/parents/cancel-subscription'),
      p('post', '/api/parents/create-portal-session'),
      { method: 'post', path: '/api/parents/initiate-subscription-management', as: 'none' },
      { method: 'post', path: '/api/kids/login', as: 'kid' },
      { method: 'get', path: '/api/kids/config', as: 'kid' },
      { method: 'put', path: '/api/kids/preferences', as: 'kid' },
      { method: 'post', path: '/api/kids/chat', as: 'kid' },
      { method: 'get', path: '/api/public/synthetic-email', as: 'none' },
      { method: 'post', path: '/api/billing/webhook', as: 'none' },
    ];
  };

  const tokenFor = (route: Route) =>
    route.as === 'parent' ? parent.idToken : route.as === 'kid' ? kid.idToken : null;

  function expectClientError(res: request.Response, what: string) {
    if (res.status >= 500 && res.status !== 503) {
      throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
    if (res.status >= 400) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const detail = res.body.detail;
      const text = typeof detail === 'string' ? detail : detail?.message;
      if (typeof text !== 'string' || text.length === 0) {
        throw new Error(`${what} answered ${res.status} without a readable detail`);
      }
      expect(JSON.stringify(res.body)).not.toMatch(
        /at .+\.(ts|js):\d+|SQLITE_|ER_[A-Z_]+|QueryFailed/,
      );
    }
  }

  async function snapshot() {
    const db = t.app.get(DataSource);
    const count = async (table: string) =>
      Number((await db.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);
    const children = await db.query('SELECT uid, age, filter, allowed_modes FROM children');
    return {
      children: JSON.stringify(children),
      keywords: await count('keywords'),
      feedback: await count('feedback'),
      parents: await count('parents'),
      logs: await count('chat_logs'),
    };
  }

  it('answers malformed JSON with a readable 400', async () => {
    for (const route of routes()) {
      if (route.method === 'get' || route.method === 'delete') continue;
      const token = tokenFor(route);
      const agent = request(t.server);
      const req = agent[route.method](route.path).set('Content-Type', 'application/json');
      if (token) req.set(bearer(token));
      const res = await req.send('{"prompt": "unterminated');
      expectClientError(res, `${route.method.toUpperCase()} ${route.path} with broken JSON`);
      if (route.path !== '/api/billing/webhook') expect(res.status).toBe(400);
    }
  });

  it('never answers 500 to wrong shapes, types and sizes, and changes nothing it refused', async () => {
    const before = await snapshot();
    for (const route of routes()) {
      if (route.method === 'delete') continue;
      for (const body of BODIES) {
        const token = tokenFor(route);
        const req = request(t.server)[route.method](route.path);
        if (token) req.set(bearer(token));
        const res =
          route.method === 'get'
            ? await req
            : await req.set('Content-Type', 'application/json').send(JSON.stringify(body));
        expectClientError(
          res,
          `${route.method.toUpperCase()} ${route.path} ${JSON.stringify(body)?.slice(0, 80)}`,
        );
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('never answers 500 to odd ids and repeated or malformed query parameters', async () => {
    const auth = bearer(parent.idToken);
    for (const id of IDS) {
      for (const path of [
        `/api/parents/logs/${id}`,
        `/api/parents/stats/${id}?timeRange=7days`,
        `/api/parents/children/${id}/allowed-modes`,
        `/api/parents/children/${id}/export`,
      ]) {
        expectClientError(await request(t.server).get(path).set(auth), `GET ${path}`);
      }
      for (const [method, path, body] of [
        ['post', `/api/parents/logs/${id}/unmark`, { child_id: kid.uid }],
        ['put', `/api/parents/children/${id}`, { age: 9, filter: 'strict' }],
        ['put', `/api/parents/children/${id}/reset-password`, { password: 'whatever-1' }],
        ['delete', `/api/parents/children/${id}`, undefined],
        ['delete', `/api/parents/keywords/${id}`, undefined],
      ] as const) {
        const res = await request(t.server)[method](path).set(auth).send(body);
        expectClientError(res, `${method.toUpperCase()} ${path}`);
      }
    }
    for (const query of QUERIES) {
      for (const path of [
        `/api/parents/logs/${kid.uid}${query}`,
        `/api/parents/stats/${kid.uid}${query}`,
        `/api/public/synthetic-email${query}`,
      ]) {
        expectClientError(await request(t.server).get(path).set(auth), `GET ${path}`);
      }
    }
    // The child is still there, unchanged by the refused calls.
    const children = await request(t.server).get('/api/parents/children').set(auth).expect(200);
    expect(children.body.children).toEqual([
      expect.objectContaining({ uid: kid.uid, username: kid.username, age: 8, filter: 'moderate' }),
    ]);
  });

  it('refuses a bearer header that is not a token with 401 and a readable detail', async () => {
    for (const header of [
      'Bearer',
      'Bearer ',
      `Bearer ${'a'.repeat(10_000)}`,
      'Basic abc',
      'Bearer a.b.c',
    ]) {
      const res = await request(t.server).get('/api/parents/children').set('Authorization', header);
      expect(res.status).toBe(401);
      expectClientError(res, `Authorization: ${header.slice(0, 20)}`);
    }
  });
});
