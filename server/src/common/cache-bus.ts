import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { REDIS_CLIENT_OPTIONS } from './redis-options';

type Listener = (key: string) => void;
const CHANNEL = 'sprout:invalidate';

/**
 * Tells every replica to drop a cached entry (keywords changed, a child's account deleted).
 * With REDIS_URL the message goes through Redis pub/sub; without it, only this process listens.
 * Caches that use it also keep a short lifetime, so a lost message heals by itself.
 */
@Injectable()
export class CacheBus implements OnModuleDestroy {
  private readonly logger = new Logger(CacheBus.name);
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly pub: Redis | null = null;
  private readonly sub: Redis | null = null;

  constructor(config: AppConfig) {
    if (!config.redisUrl) return;
    this.pub = new Redis(config.redisUrl, REDIS_CLIENT_OPTIONS);
    this.sub = new Redis(config.redisUrl, REDIS_CLIENT_OPTIONS);
    for (const client of [this.pub, this.sub]) {
      client.on('error', (e: Error) => this.logger.warn({ msg: 'redis error', error: e.message }));
    }
    void this.sub
      .subscribe(CHANNEL)
      .catch((e: Error) => this.logger.warn({ msg: 'redis subscribe failed', error: e.message }));
    this.sub.on('message', (_channel: string, message: string) => {
      const split = message.indexOf(':');
      if (split > 0) this.deliver(message.slice(0, split), message.slice(split + 1));
    });
  }

  on(topic: string, listener: Listener) {
    if (!this.listeners.has(topic)) this.listeners.set(topic, new Set());
    this.listeners.get(topic)!.add(listener);
  }

  /** Drops `key` of `topic` here at once and on the other replicas as soon as Redis delivers. */
  publish(topic: string, key: string) {
    this.deliver(topic, key);
    this.pub
      ?.publish(CHANNEL, `${topic}:${key}`)
      .catch((e: Error) => this.logger.warn({ msg: 'redis publish failed', error: e.message }));
  }

  private deliver(topic: string, key: string) {
    for (const listener of this.listeners.get(topic) ?? []) listener(key);
  }

  async onModuleDestroy() {
    await Promise.allSettled(
      [this.pub, this.sub].map((client) => {
        if (!client) return undefined;
        if (client.status === 'ready') return client.quit();
        client.disconnect();
        return undefined;
      }),
    );
  }
}
