import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from './utils/create-app';
import { makeChild, makeParent } from './utils/factories';
import { ChatLog } from '../src/chat-logs/entities/chat-log.entity';

/** A child who closes the app mid-answer: the upstream stops and the partial answer is kept. */
describe('chat when the child disconnects', () => {
  let t: TestApp;
  let port: number;
  const previousDelay = process.env.AI_SCRIPTED_DELAY_MS;

  beforeAll(async () => {
    process.env.AI_SCRIPTED_DELAY_MS = '40';
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    if (previousDelay === undefined) delete process.env.AI_SCRIPTED_DELAY_MS;
    else process.env.AI_SCRIPTED_DELAY_MS = previousDelay;
  });

  it('writes exactly one row with the partial answer', async () => {
    const parent = await makeParent(t);
    const child = await makeChild(t, parent);
    const received = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/kids/chat',
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${child.idToken}` },
        },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(chunk.toString());
          });
        },
      );
      req.on('error', (e) => (e.message.includes('socket hang up') ? undefined : reject(e)));
      req.end(
        JSON.stringify({
          prompt: 'Tell me a long story about the sea',
          mode: 'Story Time',
          history: [],
        }),
      );
    });
    expect(received.length).toBeGreaterThan(0);

    const repo = t.app.get(DataSource).getRepository(ChatLog);
    let rows: ChatLog[] = [];
    for (let i = 0; i < 200 && rows.length === 0; i += 1) {
      rows = await repo.findBy({ childUid: child.uid });
      if (rows.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows).toHaveLength(1);
    expect(rows[0].outcome).toBe('disconnected');
    expect(rows[0].responseText?.startsWith(received)).toBe(true);
    expect(rows[0].promptText).toBe('Tell me a long story about the sea');
  });
});
