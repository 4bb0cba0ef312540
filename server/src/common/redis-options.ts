import type { RedisOptions } from 'ioredis';

/**
 * What every Redis client of the server shares (rate limits, cache invalidation): commands sent
 * before the connection is up wait for it, one retry per command, and at shutdown a client that is
 * not connected is dropped after 100 ms. ioredis waits 2 s by default for such a client's socket
 * to close, a timer that holds the process up after an outage; a connected client quits instead,
 * which this does not cut short.
 */
export const REDIS_CLIENT_OPTIONS: RedisOptions = {
  maxRetriesPerRequest: 1,
  enableOfflineQueue: true,
  lazyConnect: false,
  disconnectTimeout: 100,
};
