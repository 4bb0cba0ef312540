/**
 * Replicas agree through Redis (ARCHITECTURE §2): rate-limit counters are shared, and a cache
 * invalidation published by one replica reaches the others. Two instances stand for two replicas.
 * Runs against a real Redis when TEST_REDIS_URL is set (.ci/run sets it); a Redis outage fails open.
 */
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { CacheBus } from '../src/common/cache-bus';
import { RateLimitStorage } from '../src/common/rate-limit.storage';
import type { AppConfig } from '../src/config/app-config';

const REDIS_URL = process.env.TEST_REDIS_URL || '';
const describeWithRedis = REDIS_URL ? describe : describe.skip;

const configWith = (redisUrl: string | null) => ({ redisUrl }) as unknown as AppConfig;

describeWithRedis('Redis shared by replicas', () => {
  const throttler = `test-${randomUUID()}`;
  let admin: Redis;

  beforeAll(() => {
    admin = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    const keys = await admin.keys(`sprout:rl:${throttler}:*`);
    if (keys.length) await admin.del(...keys);
    await admin.quit();
  });

  it('counts the hits of every replica against one limit', async () => {
    const a = new RateLimitStorage(REDIS_URL);
    const b = new RateLimitStorage(REDIS_URL);
    try {
      const first = await a.increment('child-1', 60_000, 3, 0, throttler);
      const second = await b.increment('child-1', 60_000, 3, 0, throttler);
      const third = await a.increment('child-1', 60_000, 3, 0, throttler);
      const fourth = await b.increment('child-1', 60_000, 3, 0, throttler);
      expect([first, second, third, fourth].map((r) => r.totalHits)).toEqual([1, 2, 3, 4]);
      expect([third.isBlocked, fourth.isBlocked]).toEqual([false, true]);
      expect(fourth.timeToBlockExpire).toBeGreaterThan(0);
      expect(fourth.timeToBlockExpire).toBeLessThanOrEqual(60);
      // Another key has its own count, and the counter expires with the window.
      expect((await b.increment('child-2', 60_000, 3, 0, throttler)).totalHits).toBe(1);
      const ttl = await admin.pttl(`sprout:rl:${throttler}:child-1`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await Promise.all([a.onModuleDestroy(), b.onModuleDestroy()]);
    }
  });

  it('delivers an invalidation published on one replica to the others', async () => {
    const before = await subscribers(admin);
    const a = new CacheBus(configWith(REDIS_URL));
    const b = new CacheBus(configWith(REDIS_URL));
    try {
      const onA: string[] = [];
      a.on('keywords', (key) => onA.push(key));
      const received = new Promise<string>((resolve) => b.on('keywords', resolve));
      // Wait until B's subscription is live, so that the message cannot be published too early.
      while ((await subscribers(admin)) < before + 2) await new Promise(setImmediate);
      a.publish('keywords', 'parent-uid:with:colons');
      expect(onA).toEqual(['parent-uid:with:colons']);
      await expect(received).resolves.toBe('parent-uid:with:colons');
    } finally {
      await Promise.all([a.onModuleDestroy(), b.onModuleDestroy()]);
    }
  });
});

describe('Redis unreachable', () => {
  it('lets requests through rather than locking children out', async () => {
    const storage = new RateLimitStorage('redis://127.0.0.1:1');
    try {
      const result = await storage.increment('child-1', 60_000, 1, 0, 'outage');
      expect(result.isBlocked).toBe(false);
    } finally {
      await storage.onModuleDestroy();
    }
  });
});

/** How many clients listen on the invalidation channel. */
async function subscribers(redis: Redis): Promise<number> {
  const [, listening] = (await redis.pubsub('NUMSUB', 'sprout:invalidate')) as [string, number];
  return Number(listening);
}
