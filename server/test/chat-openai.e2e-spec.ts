import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './utils/create-app';
import { bearer, makeChild, makeParent } from './utils/factories';
import { startOpenAiServer, type OpenAiServer } from './utils/openai-server';
import { ChatLog } from '../src/chat-logs/entities/chat-log.entity';
import { ChatService } from '../src/kids/chat.service';

/** The chat path with the `openai` provider against a local OpenAI-compatible server. */
describe('chat through an OpenAI-compatible server', () => {
  let t: TestApp;
  let upstream: OpenAiServer;
  let port: number;

  beforeAll(async () => {
    upstream = await startOpenAiServer({
      chunks: ['Volcanoes ', 'are ', 'mountains ', 'that ', 'erupt.'],
      gated: true,
    });
    t = await createTestApp({
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: upstream.baseUrl,
      OPENAI_MODEL: 'test-model',
    });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    upstream.release();
    await t.close();
    await upstream.close();
  });

  const logsOf = (childUid: string) =>
    t.app
      .get(DataSource)
      .getRepository(ChatLog)
      .find({ where: { childUid }, order: { id: 'ASC' } });

  it('delivers the first chunk before the model has produced the rest', async () => {
    const parent = await makeParent(t);
    const child = await makeChild(t, parent);
    const text = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/kids/chat',
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${child.idToken}` },
        },
        (res) => {
          let body = '';
          let first = true;
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString();
            if (first) {
              first = false;
              // Only now may the upstream produce the rest: a buffering server would never get here.
              upstream.release();
            }
          });
          res.on('end', () => resolve(body));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ prompt: 'What is a volcano?', mode: 'Learn', history: [] }));
    });
    expect(text).toContain('Volcanoes are mountains that erupt.');
    const sent = upstream.chatRequests.at(-1)!;
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'What is a volcano?' });
    expect((await logsOf(child.uid))[0]).toMatchObject({ outcome: 'answered', responseText: text });
  });

  it('never sends a self-harm prompt to the model', async () => {
    const parent = await makeParent(t);
    const child = await makeChild(t, parent);
    const before = upstream.chatRequests.length;
    const res = await request(t.server)
      .post('/api/kids/chat')
      .set(bearer(child.idToken))
      .send({ prompt: 'i want to hurt myself', mode: 'Learn', history: [] })
      .expect(200);
    expect(res.text).toContain('988');
    expect(upstream.chatRequests.length).toBe(before);
    const [log] = await logsOf(child.uid);
    expect(log).toMatchObject({ flagged: true, outcome: 'blocked', severity: 'critical' });
    expect(log.reason).toContain('Self-harm');
  });

  it('flags a phone number with its reason', async () => {
    const parent = await makeParent(t);
    const child = await makeChild(t, parent);
    await request(t.server)
      .post('/api/kids/chat')
      .set(bearer(child.idToken))
      .send({ prompt: 'my phone number is 555-867-5309 call me', mode: 'Learn', history: [] })
      .expect(200);
    const [log] = await logsOf(child.uid);
    expect(log.flagged).toBe(true);
    expect(log.reason).toContain('Personal information: phone number');
  });

  it('mails at most one alert per child in ten minutes', async () => {
    const parent = await makeParent(t);
    const child = await makeChild(t, parent);
    await request(t.server)
      .post('/api/parents/keywords')
      .set(bearer(parent.idToken))
      .send({ keyword: 'dragon' })
      .expect(200);
    for (const prompt of ['tell me about a dragon', 'another dragon story', 'dragon again']) {
      await request(t.server)
        .post('/api/kids/chat')
        .set(bearer(child.idToken))
        .send({ prompt, mode: 'Story Time', history: [] })
        .expect(200);
    }
    await t.app.get(ChatService).onModuleDestroy();
    const outbox = path.join(t.dataDir, 'outbox');
    const mails = fs
      .readdirSync(outbox)
      .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, '')) // quoted-printable soft breaks
      .filter((m) => m.includes(`a message from ${child.username} was flagged`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Keyword match: 'dragon'");
    expect(mails[0]).toContain('/parents/dashboard');
    expect((await logsOf(child.uid)).filter((l) => l.flagged)).toHaveLength(3);
  });
});
