import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './utils/create-app';
import { bearer, makeChild, makeParent } from './utils/factories';
import { ChatLog } from '../src/chat-logs/entities/chat-log.entity';

type Call = { method: 'get' | 'post' | 'put' | 'delete'; path: string; body?: object };

/**
 * Walks every parent route with a second family's token and with a child's token, and checks
 * that the first family's data did not change (issue 3 "Ownership everywhere").
 */
describe('authorization walk', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (call: Call) => request(t.server)[call.method](call.path);

  it('lets no other family and no child read or change a family’s data', async () => {
    const owner = await makeParent(t);
    const stranger = await makeParent(t);
    const child = await makeChild(t, owner, { age: 9, filter: 'strict' });
    const auth = bearer(owner.idToken);
    await request(t.server)
      .post('/api/parents/keywords')
      .set(auth)
      .send({ keyword: 'secret' })
      .expect(200);
    await request(t.server)
      .put(`/api/parents/children/${child.uid}/allowed-modes`)
      .set(auth)
      .send({ modes: ['Learn', 'Bible'] })
      .expect(200);
    const repo = t.app.get(DataSource).getRepository(ChatLog);
    const log = await repo.save(
      repo.create({
        childUid: child.uid,
        parentUid: owner.uid,
        createdAt: new Date(),
        mode: 'Learn',
        promptText: 'hello',
        responseText: 'hi',
        flagged: true,
        parentReviewed: false,
        reason: "Keyword match: 'secret'",
        categories: ['keyword'],
        severity: 'normal',
        outcome: 'answered',
        error: null,
      }),
    );
    const id = child.uid;
    const routes: Call[] = [
      { method: 'get', path: `/api/parents/stats/${id}?timeRange=7days` },
      { method: 'get', path: `/api/parents/logs/${id}` },
      { method: 'post', path: `/api/parents/logs/${log.id}/unmark`, body: { child_id: id } },
      {
        method: 'put',
        path: `/api/parents/children/${id}`,
        body: { uid: id, username: child.username, age: 3, filter: 'lenient' },
      },
      {
        method: 'put',
        path: `/api/parents/children/${id}/reset-password`,
        body: { password: 'taken-over-1' },
      },
      { method: 'get', path: `/api/parents/children/${id}/allowed-modes` },
      {
        method: 'put',
        path: `/api/parents/children/${id}/allowed-modes`,
        body: { modes: ['Play'] },
      },
      { method: 'get', path: `/api/parents/children/${id}/export` },
      { method: 'delete', path: `/api/parents/children/${id}` },
    ];
    const parentOnly: Call[] = [
      ...routes,
      { method: 'get', path: '/api/parents/children' },
      {
        method: 'post',
        path: '/api/parents/add-child',
        body: { username: 'intruder123', password: 'secret1' },
      },
      { method: 'get', path: '/api/parents/keywords' },
      { method: 'post', path: '/api/parents/keywords', body: { keyword: 'zebra' } },
      { method: 'delete', path: '/api/parents/keywords/secret' },
      { method: 'get', path: '/api/parents/preferences' },
      { method: 'post', path: '/api/parents/preferences', body: { email_notifications: false } },
      { method: 'get', path: '/api/parents/subscription' },
      { method: 'post', path: '/api/parents/cancel-subscription', body: {} },
      { method: 'post', path: '/api/feedback', body: { type: 'issue', content: 'x' } },
    ];

    for (const call of routes) {
      const res = await send(call).set(bearer(stranger.idToken)).send(call.body);
      expect([call.method, call.path, res.status]).toEqual([call.method, call.path, 404]);
    }
    for (const call of parentOnly) {
      const res = await send(call).set(bearer(child.idToken)).send(call.body);
      expect([call.method, call.path, res.status]).toEqual([call.method, call.path, 403]);
      const anonymous = await send(call).send(call.body);
      expect([call.method, call.path, anonymous.status]).toEqual([call.method, call.path, 401]);
    }

    const children = await request(t.server).get('/api/parents/children').set(auth).expect(200);
    expect(children.body.children).toEqual([
      { uid: id, username: child.username, age: 9, filter: 'strict' },
    ]);
    const modes = await request(t.server)
      .get(`/api/parents/children/${id}/allowed-modes`)
      .set(auth)
      .expect(200);
    expect(modes.body.allowed_modes).toEqual(['Learn', 'Bible']);
    expect(await repo.findOneByOrFail({ id: log.id })).toMatchObject({
      flagged: true,
      parentReviewed: false,
    });
    await request(t.server)
      .get('/api/parents/keywords')
      .set(auth)
      .expect(200, { keywords: ['secret'] });
    await request(t.server)
      .get('/api/parents/preferences')
      .set(auth)
      .expect(200, { email_notifications: true });
    await request(t.server).get('/api/kids/config').set(bearer(child.idToken)).expect(200);
  });

  it('exports everything stored about a child as a JSON download', async () => {
    const parent = await makeParent(t);
    const child = await makeChild(t, parent);
    await request(t.server)
      .post('/api/kids/chat')
      .set(bearer(child.idToken))
      .send({ prompt: 'What is a volcano?', mode: 'Learn', history: [] })
      .expect(200);
    const res = await request(t.server)
      .get(`/api/parents/children/${child.uid}/export`)
      .set(bearer(parent.idToken))
      .expect(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sprout-${child.username}.json"`,
    );
    expect(res.body.child).toMatchObject({
      uid: child.uid,
      username: child.username,
      settings: { allowed_modes: ['Learn', 'Play', 'Story Time', 'Homework', 'Bible'] },
    });
    expect(res.body.logs).toHaveLength(1);
    expect(res.body.logs[0]).toMatchObject({
      prompt_text: 'What is a volcano?',
      outcome: 'answered',
    });
  });
});
