import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './utils/create-app';
import { bearer, makeChild, makeParent, uniqueUsername } from './utils/factories';
import { signIn } from './utils/firebase';
import { ChatLogsService } from '../src/chat-logs/chat-logs.service';
import { ChatLog } from '../src/chat-logs/entities/chat-log.entity';
import { CacheBus } from '../src/common/cache-bus';

describe('parent dashboard API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('children', () => {
    it('adds a child with a lowercase username, the default filter and every mode', async () => {
      const parent = await makeParent(t);
      const username = uniqueUsername('Maya');
      const res = await request(t.server)
        .post('/api/parents/add-child')
        .set(bearer(parent.idToken))
        .send({ username, password: 'secret1', age: '7' })
        .expect(201);
      expect(res.body).toEqual({
        uid: expect.any(String),
        username: username.toLowerCase(),
        age: 7,
        filter: 'moderate',
      });
      const list = await request(t.server)
        .get('/api/parents/children')
        .set(bearer(parent.idToken))
        .expect(200);
      expect(list.body.children).toEqual([res.body]);
      const modes = await request(t.server)
        .get(`/api/parents/children/${res.body.uid}/allowed-modes`)
        .set(bearer(parent.idToken))
        .expect(200);
      expect(modes.body).toEqual({
        allowed_modes: ['Learn', 'Play', 'Story Time', 'Homework', 'Bible'],
      });
    });

    it('refuses a username that is already taken, by any family', async () => {
      const a = await makeParent(t);
      const b = await makeParent(t);
      const username = uniqueUsername();
      await request(t.server)
        .post('/api/parents/add-child')
        .set(bearer(a.idToken))
        .send({ username, password: 'secret1' })
        .expect(201);
      const res = await request(t.server)
        .post('/api/parents/add-child')
        .set(bearer(b.idToken))
        .send({ username: username.toUpperCase(), password: 'secret1' })
        .expect(409);
      expect(res.body.detail).toBe(
        `The username "${username}" is already taken. Please choose another.`,
      );
      const list = await request(t.server)
        .get('/api/parents/children')
        .set(bearer(b.idToken))
        .expect(200);
      expect(list.body.children).toEqual([]);
    });

    it('explains bad input and changes nothing', async () => {
      const parent = await makeParent(t);
      const cases: [object, string][] = [
        [
          { username: uniqueUsername(), password: '123' },
          'Password must be at least 6 characters.',
        ],
        [
          { username: uniqueUsername(), password: 'secret1', age: 19 },
          'age must be a whole number from 0 to 18',
        ],
        [
          { username: uniqueUsername(), password: 'secret1', age: 7.5 },
          'age must be a whole number from 0 to 18',
        ],
        [
          { username: uniqueUsername(), password: 'secret1', filter: 'none' },
          'filter must be one of strict, moderate, lenient',
        ],
        [{ username: 'a b', password: 'secret1' }, 'Username must be 3 to 30 characters'],
        [{ password: 'secret1' }, 'username is required'],
      ];
      for (const [body, message] of cases) {
        const res = await request(t.server)
          .post('/api/parents/add-child')
          .set(bearer(parent.idToken))
          .send(body)
          .expect(400);
        const text =
          typeof res.body.detail === 'string' ? res.body.detail : res.body.detail.message;
        expect(text).toContain(message);
      }
      const list = await request(t.server)
        .get('/api/parents/children')
        .set(bearer(parent.idToken))
        .expect(200);
      expect(list.body.children).toEqual([]);
    });

    it('edits only age and filter, ignoring the rest of the child object', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      const res = await request(t.server)
        .put(`/api/parents/children/${child.uid}`)
        .set(bearer(parent.idToken))
        .send({ uid: 'other', username: 'renamed', age: 10, filter: 'strict' })
        .expect(200);
      expect(res.body).toEqual({
        uid: child.uid,
        username: child.username,
        age: 10,
        filter: 'strict',
      });
    });

    it("never shows or changes another family's child", async () => {
      const owner = await makeParent(t);
      const stranger = await makeParent(t);
      const child = await makeChild(t, owner);
      const auth = bearer(stranger.idToken);
      await request(t.server)
        .put(`/api/parents/children/${child.uid}`)
        .set(auth)
        .send({ age: 3 })
        .expect(404);
      await request(t.server)
        .get(`/api/parents/children/${child.uid}/allowed-modes`)
        .set(auth)
        .expect(404);
      await request(t.server)
        .put(`/api/parents/children/${child.uid}/allowed-modes`)
        .set(auth)
        .send({ modes: ['Play'] })
        .expect(404);
      await request(t.server)
        .put(`/api/parents/children/${child.uid}/reset-password`)
        .set(auth)
        .send({ password: 'hacked1' })
        .expect(404);
      await request(t.server).get(`/api/parents/logs/${child.uid}`).set(auth).expect(404);
      await request(t.server).get(`/api/parents/stats/${child.uid}`).set(auth).expect(404);
      await request(t.server).delete(`/api/parents/children/${child.uid}`).set(auth).expect(404);
      const list = await request(t.server)
        .get('/api/parents/children')
        .set(bearer(owner.idToken))
        .expect(200);
      expect(list.body.children).toHaveLength(1);
    });

    it('resets a password so the old one stops working', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      await request(t.server)
        .put(`/api/parents/children/${child.uid}/reset-password`)
        .set(bearer(parent.idToken))
        .send({ password: 'brand-new-1' })
        .expect(200);
      await expect(signIn(child.email, child.password)).rejects.toThrow();
      await expect(signIn(child.email, 'brand-new-1')).resolves.toMatchObject({ uid: child.uid });
    });

    it('deletes the account, the logs and the settings permanently', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      const logs = t.app.get(DataSource).getRepository(ChatLog);
      await logs.save(
        logs.create({
          childUid: child.uid,
          parentUid: parent.uid,
          createdAt: new Date(),
          mode: 'Learn',
          promptText: 'hi',
          responseText: 'hello',
          flagged: false,
          parentReviewed: false,
          reason: null,
          categories: null,
          outcome: 'answered',
          error: null,
        }),
      );
      await request(t.server)
        .delete(`/api/parents/children/${child.uid}`)
        .set(bearer(parent.idToken))
        .expect(200);
      expect(await logs.countBy({ childUid: child.uid })).toBe(0);
      await expect(signIn(child.email, child.password)).rejects.toThrow();
      await request(t.server)
        .get('/api/public/synthetic-email')
        .query({ username: child.username })
        .expect(404);
      await request(t.server).get('/api/kids/config').set(bearer(child.idToken)).expect(401);
    });
  });

  describe('allowed modes', () => {
    it('saves a subset in table order and refuses none', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      const url = `/api/parents/children/${child.uid}/allowed-modes`;
      const res = await request(t.server)
        .put(url)
        .set(bearer(parent.idToken))
        .send({ modes: ['Bible', 'Play', 'Play'] })
        .expect(200);
      expect(res.body).toEqual({ allowed_modes: ['Play', 'Bible'] });
      const none = await request(t.server)
        .put(url)
        .set(bearer(parent.idToken))
        .send({ modes: [] })
        .expect(400);
      expect(none.body.detail.message).toBe('At least one chat mode must be enabled.');
      const bad = await request(t.server)
        .put(url)
        .set(bearer(parent.idToken))
        .send({ modes: ['Explain'] })
        .expect(400);
      expect(bad.body.detail.message).toBe(
        'each mode must be one of Learn, Play, Story Time, Homework, Bible',
      );
      const config = await request(t.server)
        .get('/api/kids/config')
        .set(bearer(child.idToken))
        .expect(200);
      expect(config.body.allowed_modes).toEqual(['Play', 'Bible']);
    });
  });

  describe('keywords', () => {
    it('adds trimmed lowercase keywords once and deletes URL-encoded ones', async () => {
      const parent = await makeParent(t);
      const auth = bearer(parent.idToken);
      await request(t.server)
        .post('/api/parents/keywords')
        .set(auth)
        .send({ keyword: '  Fortnite ' })
        .expect(200);
      await request(t.server)
        .post('/api/parents/keywords')
        .set(auth)
        .send({ keyword: 'fortnite' })
        .expect(200);
      await request(t.server)
        .post('/api/parents/keywords')
        .set(auth)
        .send({ keyword: 'Secret Base' })
        .expect(200);
      const list = await request(t.server).get('/api/parents/keywords').set(auth).expect(200);
      expect(list.body).toEqual({ keywords: ['fortnite', 'secret base'] });
      await request(t.server)
        .delete(`/api/parents/keywords/${encodeURIComponent('Secret Base')}`)
        .set(auth)
        .expect(200);
      const after = await request(t.server).get('/api/parents/keywords').set(auth).expect(200);
      expect(after.body).toEqual({ keywords: ['fortnite'] });
    });

    it('refuses empty keywords and common words with the exact messages', async () => {
      const parent = await makeParent(t);
      const auth = bearer(parent.idToken);
      const empty = await request(t.server)
        .post('/api/parents/keywords')
        .set(auth)
        .send({ keyword: '   ' })
        .expect(400);
      expect(empty.body.detail.message).toBe('Keyword cannot be empty.');
      const common = await request(t.server)
        .post('/api/parents/keywords')
        .set(auth)
        .send({ keyword: 'The' })
        .expect(400);
      expect(common.body.detail.message).toBe(
        '"the" is a common word and cannot be added as a keyword.',
      );
    });
  });

  describe('preferences', () => {
    it('defaults email notifications to on and saves changes', async () => {
      const parent = await makeParent(t);
      const auth = bearer(parent.idToken);
      await request(t.server)
        .get('/api/parents/preferences')
        .set(auth)
        .expect(200, { email_notifications: true });
      await request(t.server)
        .post('/api/parents/preferences')
        .set(auth)
        .send({ email_notifications: false })
        .expect(200, { email_notifications: false });
      await request(t.server)
        .get('/api/parents/preferences')
        .set(auth)
        .expect(200, { email_notifications: false });
      await request(t.server)
        .post('/api/parents/preferences')
        .set(auth)
        .send({ email_notifications: 'yes' })
        .expect(400);
    });
  });

  describe('logs, review and statistics', () => {
    async function seedLogs(parentUid: string, childUid: string) {
      const chatLogs = t.app.get(ChatLogsService);
      const now = Date.now();
      const rows = Array.from({ length: 25 }, (_, i) =>
        chatLogs.record({
          childUid,
          parentUid,
          createdAt: new Date(now - i * 3_600_000),
          mode: ['Learn', 'Play', 'Story Time', 'Homework', 'Bible'][i % 5],
          promptText: `prompt ${i}`,
          responseText: i % 7 === 0 ? null : `answer ${i}`,
          flagged: i % 4 === 0,
          parentReviewed: false,
          reason: i % 4 === 0 ? "Keyword match: 'x'" : null,
          categories: null,
          severity: null,
          outcome: 'answered' as const,
          error: null,
        }),
      );
      await Promise.all(rows);
      return now;
    }

    it('returns logs newest first with the spec fields, paged and filtered', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      const newest = await seedLogs(parent.uid, child.uid);
      const auth = bearer(parent.idToken);
      const all = await request(t.server)
        .get(`/api/parents/logs/${child.uid}`)
        .set(auth)
        .expect(200);
      expect(all.body.logs).toHaveLength(25);
      expect(all.body.total).toBe(25);
      expect(all.body.logs[0]).toEqual({
        id: expect.stringMatching(/^\d+$/),
        timestamp: new Date(newest).toISOString(),
        mode: 'Learn',
        prompt_text: 'prompt 0',
        response_text: null,
        flagged: true,
        parent_reviewed: false,
        reason: "Keyword match: 'x'",
        severity: null,
      });
      const page = await request(t.server)
        .get(`/api/parents/logs/${child.uid}?page=3&pageSize=10`)
        .set(auth)
        .expect(200);
      expect(page.body.logs.map((l: { prompt_text: string }) => l.prompt_text)).toEqual([
        'prompt 20',
        'prompt 21',
        'prompt 22',
        'prompt 23',
        'prompt 24',
      ]);
      expect(page.body.total).toBe(25);
      const flagged = await request(t.server)
        .get(`/api/parents/logs/${child.uid}?status=flagged&pageSize=100`)
        .set(auth)
        .expect(200);
      expect(flagged.body.total).toBe(7);
      const story = await request(t.server)
        .get(`/api/parents/logs/${child.uid}?mode=Story%20Time&status=safe&pageSize=10`)
        .set(auth)
        .expect(200);
      expect(
        story.body.logs.every(
          (l: { mode: string; flagged: boolean }) => l.mode === 'Story Time' && !l.flagged,
        ),
      ).toBe(true);
      await request(t.server)
        .get(`/api/parents/logs/${child.uid}?pageSize=101`)
        .set(auth)
        .expect(400);
      await request(t.server)
        .get(`/api/parents/logs/${child.uid}?status=maybe`)
        .set(auth)
        .expect(400);
    });

    it('keeps the page totals true as rows are written, reviewed and changed elsewhere', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      await seedLogs(parent.uid, child.uid);
      const auth = bearer(parent.idToken);
      const totals = async () => {
        const [all, flagged, learn] = await Promise.all(
          ['', '?status=flagged', '?mode=Learn'].map((q) =>
            request(t.server)
              .get(`/api/parents/logs/${child.uid}${q}${q ? '&' : '?'}pageSize=1`)
              .set(auth)
              .expect(200),
          ),
        );
        return [all.body.total, flagged.body.total, learn.body.total];
      };
      expect(await totals()).toEqual([25, 7, 5]);
      expect(await totals()).toEqual([25, 7, 5]);

      // A chat's row (the kids route writes through the service).
      await t.app.get(ChatLogsService).record({
        childUid: child.uid,
        parentUid: parent.uid,
        createdAt: new Date(),
        mode: 'Learn',
        promptText: 'one more',
        responseText: 'yes',
        flagged: true,
        reason: "Keyword match: 'x'",
        categories: null,
        severity: 'normal',
        outcome: 'answered',
        error: null,
      });
      expect(await totals()).toEqual([26, 8, 6]);

      const first = await request(t.server)
        .get(`/api/parents/logs/${child.uid}?status=flagged&pageSize=1`)
        .set(auth)
        .expect(200);
      await request(t.server)
        .post(`/api/parents/logs/${first.body.logs[0].id}/unmark`)
        .set(auth)
        .send({ child_id: child.uid })
        .expect(200);
      expect(await totals()).toEqual([26, 7, 6]);

      // Another replica's write reaches this one as a CacheBus message for the child.
      const repo = t.app.get(DataSource).getRepository(ChatLog);
      const elsewhere = await repo.findOneByOrFail({ childUid: child.uid, promptText: 'prompt 1' });
      await repo.delete({ id: elsewhere.id });
      expect(await totals()).toEqual([26, 7, 6]);
      t.app.get(CacheBus).publish('chat-logs', child.uid);
      expect(await totals()).toEqual([25, 7, 6]);
    });

    it('unmarks a flagged log as reviewed', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      await seedLogs(parent.uid, child.uid);
      const auth = bearer(parent.idToken);
      const flagged = await request(t.server)
        .get(`/api/parents/logs/${child.uid}?status=flagged&pageSize=1`)
        .set(auth)
        .expect(200);
      const id = flagged.body.logs[0].id;
      const res = await request(t.server)
        .post(`/api/parents/logs/${id}/unmark`)
        .set(auth)
        .send({ child_id: child.uid })
        .expect(200);
      expect(res.body).toMatchObject({ id, flagged: false, parent_reviewed: true });
      const other = await makeParent(t);
      await request(t.server)
        .post(`/api/parents/logs/${id}/unmark`)
        .set(bearer(other.idToken))
        .send({ child_id: child.uid })
        .expect(404);
    });

    it('counts prompts per mode with Story Time as Imagine, against the previous period', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      await seedLogs(parent.uid, child.uid);
      const res = await request(t.server)
        .get(`/api/parents/stats/${child.uid}?timeRange=7days`)
        .set(bearer(parent.idToken))
        .expect(200);
      expect(res.body).toEqual({
        promptCounts: { Learn: 5, Play: 5, Imagine: 5, Homework: 5, Bible: 5 },
        previousPromptCounts: { Learn: 0, Play: 0, Imagine: 0, Homework: 0, Bible: 0 },
        flaggedCount: 7,
        previousFlaggedCount: 0,
      });
      await request(t.server)
        .get(`/api/parents/stats/${child.uid}?timeRange=year`)
        .set(bearer(parent.idToken))
        .expect(400);
    });
  });

  describe('feedback', () => {
    it('stores feedback and answers with the spec text', async () => {
      const parent = await makeParent(t);
      const res = await request(t.server)
        .post('/api/feedback')
        .set(bearer(parent.idToken))
        .send({
          type: 'issue',
          content: 'The chart is empty',
          context: { currentView: 'stats', url: 'http://x/' },
        })
        .expect(201);
      expect(res.body).toEqual({
        message: 'Your issue has been submitted. Thank you for your feedback!',
      });
      const missing = await request(t.server)
        .post('/api/feedback')
        .set(bearer(parent.idToken))
        .send({ type: 'issue', content: '  ' })
        .expect(400);
      expect(missing.body.detail.message).toBe('Please provide a description.');
    });
  });
});
