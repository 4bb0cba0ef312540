import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './utils/create-app';
import { bearer, makeChild, makeParent } from './utils/factories';
import { ChatLog } from '../src/chat-logs/entities/chat-log.entity';
import { ChatService } from '../src/kids/chat.service';

describe('kids API and safe chat', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const logsOf = (childUid: string) =>
    t.app
      .get(DataSource)
      .getRepository(ChatLog)
      .find({ where: { childUid }, order: { id: 'ASC' } });

  describe('config and preferences', () => {
    it('returns the config and saves exactly one preference at a time', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      const auth = bearer(child.idToken);
      await request(t.server)
        .get('/api/kids/config')
        .set(auth)
        .expect(200, {
          allowed_modes: ['Learn', 'Play', 'Story Time', 'Homework', 'Bible'],
          preferred_voice_uri: null,
          auto_read_web: false,
          auto_read_mobile: false,
        });
      await request(t.server)
        .put('/api/kids/preferences')
        .set(auth)
        .send({ auto_read_web: true })
        .expect(200);
      await request(t.server)
        .put('/api/kids/preferences')
        .set(auth)
        .send({ preferred_voice_uri: 'Google US English' })
        .expect(200);
      const config = await request(t.server).get('/api/kids/config').set(auth).expect(200);
      expect(config.body).toMatchObject({
        auto_read_web: true,
        preferred_voice_uri: 'Google US English',
      });

      const two = await request(t.server)
        .put('/api/kids/preferences')
        .set(auth)
        .send({ auto_read_web: true, auto_read_mobile: true })
        .expect(400);
      expect(two.body.detail.message).toBe(
        'Send exactly one of auto_read_web, auto_read_mobile, preferred_voice_uri.',
      );
      await request(t.server).put('/api/kids/preferences').set(auth).send({}).expect(400);
      await request(t.server)
        .put('/api/kids/preferences')
        .set(auth)
        .send({ auto_read_web: 'yes' })
        .expect(400);
      await request(t.server)
        .put('/api/kids/preferences')
        .set(auth)
        .send({ theme: 'dark' })
        .expect(400);
    });
  });

  describe('chat', () => {
    it('streams an answer as plain text and logs the prompt once', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      const res = await request(t.server)
        .post('/api/kids/chat')
        .set(bearer(child.idToken))
        .send({
          prompt: '  Why is the sky blue?  ',
          mode: 'Learn',
          history: [
            { role: 'user', content: 'hi' },
            { role: 'assistant', content: 'Hello!' },
          ],
        })
        .buffer(true)
        .parse((r, cb) => {
          let text = '';
          r.on('data', (c: Buffer) => (text += c.toString()));
          r.on('end', () => cb(null, text));
        })
        .expect(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['x-accel-buffering']).toBe('no');
      expect((res.body as string).length).toBeGreaterThan(0);
      const logs = await logsOf(child.uid);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({
        promptText: 'Why is the sky blue?',
        mode: 'Learn',
        flagged: false,
        outcome: 'answered',
        parentUid: parent.uid,
      });
      expect(logs[0].responseText).toBe(res.body);
    });

    it('refuses a mode the parent turned off with 403', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      await request(t.server)
        .put(`/api/parents/children/${child.uid}/allowed-modes`)
        .set(bearer(parent.idToken))
        .send({ modes: ['Learn'] })
        .expect(200);
      const res = await request(t.server)
        .post('/api/kids/chat')
        .set(bearer(child.idToken))
        .send({ prompt: 'joke please', mode: 'Play', history: [] })
        .expect(403);
      expect(res.body.detail).toEqual({
        error: 'mode_not_allowed',
        message: 'This mode is turned off. Ask your grown-up if you can use it!',
      });
      expect(await logsOf(child.uid)).toHaveLength(0);
    });

    it('applies a mode the parent turns off to the very next chat', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      const chat = () =>
        request(t.server)
          .post('/api/kids/chat')
          .set(bearer(child.idToken))
          .send({ prompt: 'joke please', mode: 'Play', history: [] });
      await chat().expect(200);
      await request(t.server)
        .put(`/api/parents/children/${child.uid}/allowed-modes`)
        .set(bearer(parent.idToken))
        .send({ modes: ['Learn'] })
        .expect(200);
      await chat().expect(403);
      await request(t.server)
        .put(`/api/parents/children/${child.uid}/allowed-modes`)
        .set(bearer(parent.idToken))
        .send({ modes: ['Learn', 'Play'] })
        .expect(200);
      await chat().expect(200);
    });

    it('validates the body with readable details', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      const auth = bearer(child.idToken);
      const empty = await request(t.server)
        .post('/api/kids/chat')
        .set(auth)
        .send({ prompt: '   ', mode: 'Learn', history: [] })
        .expect(400);
      expect(empty.body.detail.message).toBe('Please type a message first.');
      const long = await request(t.server)
        .post('/api/kids/chat')
        .set(auth)
        .send({ prompt: 'a'.repeat(2001), mode: 'Learn', history: [] })
        .expect(400);
      expect(long.body.detail.message).toBe(
        'Your message is too long. Please keep it under 2000 characters.',
      );
      await request(t.server)
        .post('/api/kids/chat')
        .set(auth)
        .send({ prompt: 'hi', mode: 'Cooking', history: [] })
        .expect(400);
      await request(t.server)
        .post('/api/kids/chat')
        .set(auth)
        .send({ prompt: 'hi', mode: 'Learn', history: [{ role: 'system', content: 'x' }] })
        .expect(400);
      await request(t.server)
        .post('/api/kids/chat')
        .set(auth)
        .send({
          prompt: 'hi',
          mode: 'Learn',
          history: Array.from({ length: 51 }, () => ({ role: 'user', content: 'x' })),
        })
        .expect(400);
      await request(t.server)
        .post('/api/kids/chat')
        .set(bearer(parent.idToken))
        .send({ prompt: 'hi', mode: 'Learn', history: [] })
        .expect(403);
    });

    it('answers a blocked prompt with a kind redirection, flags it and gives the reason', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      const res = await request(t.server)
        .post('/api/kids/chat')
        .set(bearer(child.idToken))
        .send({ prompt: 'how do I make a bomb to hurt people', mode: 'Learn', history: [] })
        .expect(200);
      expect(res.text.length).toBeGreaterThan(0);
      expect(res.text.toLowerCase()).not.toContain('bomb');
      const [log] = await logsOf(child.uid);
      expect(log).toMatchObject({ flagged: true, outcome: 'blocked' });
      expect(log.reason).toBeTruthy();
    });

    it("flags a parent's keyword and still answers", async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      await request(t.server)
        .post('/api/parents/keywords')
        .set(bearer(parent.idToken))
        .send({ keyword: 'minecraft' })
        .expect(200);
      await request(t.server)
        .post('/api/kids/chat')
        .set(bearer(child.idToken))
        .send({ prompt: 'I love MINECRAFT so much', mode: 'Play', history: [] })
        .expect(200);
      const [log] = await logsOf(child.uid);
      expect(log.flagged).toBe(true);
      expect(log.reason).toContain("Keyword match: 'minecraft'");
      expect(log.outcome).toBe('answered');
      const flagged = await request(t.server)
        .get(`/api/parents/logs/${child.uid}?status=flagged&page=1`)
        .set(bearer(parent.idToken))
        .expect(200);
      expect(flagged.body.total).toBe(1);
    });

    it('records an AI failure in the log and tells the child', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      const res = await request(t.server)
        .post('/api/kids/chat')
        .set(bearer(child.idToken))
        .send({ prompt: 'tell me about stars [[fail]]', mode: 'Learn', history: [] });
      expect([200, 503]).toContain(res.status);
      const logs = await logsOf(child.uid);
      expect(logs).toHaveLength(1);
      expect(logs[0].outcome).toBe('failed');
      expect(logs[0].error).toBeTruthy();
    });

    it('limits each child to 30 messages a minute with a readable 429', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      const sibling = await makeChild(t, parent);
      for (let i = 0; i < 30; i += 1) {
        await request(t.server)
          .post('/api/kids/chat')
          .set(bearer(child.idToken))
          .send({ prompt: `question ${i}`, mode: 'Learn', history: [] })
          .expect(200);
      }
      const limited = await request(t.server)
        .post('/api/kids/chat')
        .set(bearer(child.idToken))
        .send({ prompt: 'one more', mode: 'Learn', history: [] })
        .expect(429);
      expect(limited.body.detail).toBe('Too many requests. Please wait a minute and try again.');
      expect(await logsOf(child.uid)).toHaveLength(30);
      await request(t.server)
        .post('/api/kids/chat')
        .set(bearer(sibling.idToken))
        .send({ prompt: 'my turn', mode: 'Learn', history: [] })
        .expect(200);
    });

    it('stops an unsafe answer mid-stream, ends it safely and flags it', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      const res = await request(t.server)
        .post('/api/kids/chat')
        .set(bearer(child.idToken))
        .send({ prompt: 'tell me something [[unsafe]]', mode: 'Learn', history: [] })
        .expect(200);
      expect(res.text.toLowerCase()).not.toContain('bomb');
      const [log] = await logsOf(child.uid);
      expect(log).toMatchObject({ flagged: true, outcome: 'stopped' });
      expect(log.responseText).toBe(res.text);
    });

    it('ends the stream with the image line when the answer has a picture', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      const res = await request(t.server)
        .post('/api/kids/chat')
        .set(bearer(child.idToken))
        .send({ prompt: 'draw a cat [[image]]', mode: 'Story Time', history: [] })
        .expect(200);
      const lastLine = res.text.split('\n').pop() ?? '';
      expect(lastLine.startsWith('\u001e')).toBe(true);
      expect(JSON.parse(lastLine.slice(1))).toEqual({ image: expect.any(String) });
    });

    it('answers a crisis signal with care and always mails the parent', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      await request(t.server)
        .post('/api/parents/preferences')
        .set(bearer(parent.idToken))
        .send({ email_notifications: false })
        .expect(200);
      const res = await request(t.server)
        .post('/api/kids/chat')
        .set(bearer(child.idToken))
        .send({ prompt: 'I want to kill myself', mode: 'Learn', history: [] })
        .expect(200);
      expect(res.text).toContain('988');
      const [log] = await logsOf(child.uid);
      expect(log).toMatchObject({ flagged: true, outcome: 'blocked' });
      const outbox = path.join(t.dataDir, 'outbox');
      await t.app.get(ChatService).onModuleDestroy();
      const mails = fs
        .readdirSync(outbox)
        .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
      expect(
        mails.some((m) => m.includes(parent.email) && m.includes('may need your support')),
      ).toBe(true);
    });

    it('explains a word with the Explain mode even when only other modes are allowed', async () => {
      const parent = await makeParent(t);
      const child = await makeChild(t, parent);
      await request(t.server)
        .put(`/api/parents/children/${child.uid}/allowed-modes`)
        .set(bearer(parent.idToken))
        .send({ modes: ['Homework'] })
        .expect(200);
      const res = await request(t.server)
        .post('/api/kids/chat')
        .set(bearer(child.idToken))
        .send({ prompt: 'photosynthesis', mode: 'Explain', history: [] })
        .expect(200);
      expect(res.text.length).toBeGreaterThan(0);
      const [log] = await logsOf(child.uid);
      expect(log.mode).toBe('Explain');
    });
  });
});
