import { DataSource } from 'typeorm';
import { ChatLogsService } from '../src/chat-logs/chat-logs.service';
import { ChatLog } from '../src/chat-logs/entities/chat-log.entity';
import { createTestApp, type TestApp } from './utils/create-app';

describe('chat log retention', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('deletes every row older than the retention period, batch after batch', async () => {
    const repo = t.app.get(DataSource).getRepository(ChatLog);
    // Long before any other test's rows: the MySQL database is shared by the test files.
    const now = new Date('2001-06-01T12:00:00.000Z');
    const day = 86_400_000;
    const row = (childUid: string, daysAgo: number) =>
      repo.create({
        childUid,
        parentUid: 'retention-parent',
        createdAt: new Date(now.getTime() - daysAgo * day),
        mode: 'Learn',
        promptText: `${daysAgo} days ago`,
        responseText: null,
        flagged: false,
        parentReviewed: false,
        reason: null,
        categories: null,
        outcome: 'answered',
        error: null,
      });
    await repo.save([
      ...Array.from({ length: 7 }, (_, i) => row('retention-old', 31 + i)),
      row('retention-new', 29),
      row('retention-new', 0),
    ]);

    const deleted = await t.app.get(ChatLogsService).purgeOlderThan(30, now, 3);

    expect(deleted).toBe(7);
    expect(await repo.countBy({ childUid: 'retention-old' })).toBe(0);
    expect(await repo.countBy({ childUid: 'retention-new' })).toBe(2);
    await expect(t.app.get(ChatLogsService).purgeOlderThan(0, now)).resolves.toBe(0);
  });
});
