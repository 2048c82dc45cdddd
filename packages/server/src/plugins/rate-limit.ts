import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

/** Where the API rate limit keeps its counters (ADR 019): this process, the shared database, or Redis. */
export type RateLimitStoreKind = 'memory' | 'database' | 'redis';

/** The rate limit's settings from configuration, and the database the shared store writes to. */
export type RateLimitOptions = {
  perMinute: number;
  store: RateLimitStoreKind;
  redisUrl: string | undefined;
  /** Prefixes every counter key, so deployments (or tests) sharing one Redis or database never count together. */
  keyPrefix: string;
  db: Database;
};

/** Opens the Redis client for the counters; a Redis that is down at boot is retried in the background. */
async function openRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // No offline queue: while Redis is away a request is not held waiting for it (skipOnError lets it through).
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', (err: Error) => app.log.warn({ err }, 'rate limit: Redis is unavailable'));
  await redis
    .connect()
    .catch((err: unknown) => app.log.warn({ err }, 'rate limit: Redis is not reachable yet'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/**
 * The API rate limit (RATE_LIMIT_PER_MINUTE per client address): counted where every instance sees the same counts
 * (PostgreSQL, or Redis when REDIS_URL is set), so N instances allow the limit once, not N times.
 */
async function rateLimitPlugin(app: FastifyInstance, opts: RateLimitOptions) {
  const redis = opts.store === 'redis' && opts.redisUrl ? await openRedis(app, opts.redisUrl) : undefined;
  await app.register(rateLimit, {
    max: opts.perMinute,
    timeWindow: 60_000,
    ...(opts.store === 'database' ? { store: databaseRateLimitStore(opts.db, opts.keyPrefix) } : {}),
    ...(redis ? { redis, nameSpace: `${opts.keyPrefix}rate-limit:`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) =>
      Object.assign(new Error(`Too many requests; try again in ${Math.ceil(ctx.ttl / 1000)} seconds`), {
        statusCode: 429,
      }),
  });
}

export const apiRateLimit = fp(rateLimitPlugin, { name: 'api-rate-limit' });
