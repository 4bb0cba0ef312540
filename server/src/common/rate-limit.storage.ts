import { Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import Redis from 'ioredis';
import { REDIS_CLIENT_OPTIONS } from './redis-options';

const COMMAND_TIMEOUT_MS = 500;

interface Record {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

/**
 * Rate-limit counters: in memory for one process, in Redis (REDIS_URL) so that every replica
 * counts the same hits. A Redis outage fails open rather than locking children out.
 */
export class RateLimitStorage implements ThrottlerStorage, OnModuleDestroy {
  private readonly logger = new Logger('RateLimit');
  private readonly redis: Redis | null;
  private readonly memory = new Map<string, { hits: number; expiresAt: number }>();

  constructor(redisUrl: string | null) {
    this.redis = redisUrl
      ? new Redis(redisUrl, {
          // Commands sent before the connection is up wait for it (a fresh replica counts its
          // first hits too); an outage still fails open after COMMAND_TIMEOUT_MS.
          ...REDIS_CLIENT_OPTIONS,
          commandTimeout: COMMAND_TIMEOUT_MS,
        })
      : null;
    this.redis?.on('error', (e: Error) =>
      this.logger.warn({ msg: 'redis error', error: e.message }),
    );
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    _blockDuration: number,
    throttlerName: string,
  ): Promise<Record> {
    const fullKey = `sprout:rl:${throttlerName}:${key}`;
    const now = Date.now();
    if (this.redis) {
      try {
        const [[, hits], [, pttl]] = (await this.redis
          .multi()
          .incr(fullKey)
          .pttl(fullKey)
          .exec()) as [[unknown, number], [unknown, number]];
        let expiresIn = pttl;
        if (pttl < 0) {
          await this.redis.pexpire(fullKey, ttl);
          expiresIn = ttl;
        }
        return this.answer(hits, expiresIn, limit);
      } catch (error) {
        this.logger.warn({ msg: 'rate limit check skipped', error: (error as Error).message });
        return this.answer(0, ttl, limit);
      }
    }
    let entry = this.memory.get(fullKey);
    if (!entry || entry.expiresAt <= now) {
      entry = { hits: 0, expiresAt: now + ttl };
      this.memory.set(fullKey, entry);
      if (this.memory.size > 50_000) this.sweep(now);
    }
    entry.hits += 1;
    return this.answer(entry.hits, entry.expiresAt - now, limit);
  }

  private answer(hits: number, expiresInMs: number, limit: number): Record {
    const seconds = Math.max(1, Math.ceil(expiresInMs / 1000));
    return {
      totalHits: hits,
      timeToExpire: seconds,
      isBlocked: hits > limit,
      timeToBlockExpire: hits > limit ? seconds : 0,
    };
  }

  private sweep(now: number) {
    for (const [key, entry] of this.memory) if (entry.expiresAt <= now) this.memory.delete(key);
  }

  async onModuleDestroy() {
    if (!this.redis) return;
    // quit() waits for a connection that may never come; an unconnected client is just dropped.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => undefined);
    else this.redis.disconnect();
  }
}
