import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';

/**
 * Fixed-window counters shared by every instance (DESIGN: rate limits never live in process
 * memory alone). The default store is the database; REDIS_URL switches to Redis.
 */
export interface RateLimitStore {
  /** Adds one to the key's window and returns the new count and when the window resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: Date }>;
  /** Reads the key's count without adding to it. */
  peek(key: string): Promise<{ count: number; resetAt: Date }>;
  clear(key: string): Promise<void>;
  /** Takes back one count of the key's current window (never below zero): an attempt that succeeded. */
  release(key: string): Promise<void>;
}

export function databaseRateLimitStore(db: Db): RateLimitStore {
  return {
    async hit(key, windowMs) {
      // One statement, so concurrent hits from several instances never lose a count.
      const result = await db.execute<{ count: number; reset_at: Date | string }>(sql`
        INSERT INTO rate_limits (key, count, reset_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
        RETURNING count, reset_at`);
      const row = result.rows[0]!;
      return { count: Number(row.count), resetAt: new Date(row.reset_at) };
    },
    async peek(key) {
      const result = await db.execute<{ count: number; reset_at: Date | string }>(
        sql`SELECT count, reset_at FROM rate_limits WHERE key = ${key} AND reset_at > now()`,
      );
      const row = result.rows[0];
      return row
        ? { count: Number(row.count), resetAt: new Date(row.reset_at) }
        : { count: 0, resetAt: new Date() };
    },
    async clear(key) {
      await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
    },
    async release(key) {
      await db.execute(
        sql`UPDATE rate_limits SET count = greatest(count - 1, 0) WHERE key = ${key} AND reset_at > now()`,
      );
    },
  };
}

export function redisRateLimitStore(redis: Redis): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const k = `ratelimit:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [
        [null, number],
        [null, number],
      ];
      let remaining = ttl;
      if (ttl < 0) {
        await redis.pexpire(k, windowMs);
        remaining = windowMs;
      }
      return { count, resetAt: new Date(Date.now() + remaining) };
    },
    async peek(key) {
      const k = `ratelimit:${key}`;
      const [[, value], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return { count: Number(value ?? 0), resetAt: new Date(Date.now() + Math.max(ttl, 0)) };
    },
    async clear(key) {
      await redis.del(`ratelimit:${key}`);
    },
    async release(key) {
      // Atomic: never below zero, and no key created where there was none.
      await redis.eval(
        "local v = redis.call('GET', KEYS[1]) if v and tonumber(v) > 0 then return redis.call('DECR', KEYS[1]) end return 0",
        1,
        `ratelimit:${key}`,
      );
    },
  };
}
