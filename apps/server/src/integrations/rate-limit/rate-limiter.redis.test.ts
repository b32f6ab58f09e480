import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisRateLimitStore } from './rate-limiter.js';

// Runs in the external-services project when TEST_REDIS_URL names a Redis (CI).
const redis = new Redis(process.env.TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
afterAll(() => redis.quit());

describe('Redis rate-limit store', () => {
  it('counts hits in a window, peeks without counting, and clears', async () => {
    const store = redisRateLimitStore(redis);
    const key = `test:${randomUUID()}`;
    expect((await store.hit(key, 60_000)).count).toBe(1);
    const second = await store.hit(key, 60_000);
    expect(second.count).toBe(2);
    expect(second.resetAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect((await store.peek(key)).count).toBe(2);
    await store.clear(key);
    expect((await store.peek(key)).count).toBe(0);
  });

  it('peeks at a count and its window without adding to it, and creates nothing', async () => {
    const store = redisRateLimitStore(redis);
    const key = `test:${randomUUID()}`;
    expect((await store.peek(key)).count).toBe(0);
    expect(await redis.exists(`ratelimit:${key}`)).toBe(0);
    const hit = await store.hit(key, 60_000);
    for (let i = 0; i < 3; i++) {
      const peeked = await store.peek(key);
      expect(peeked.count).toBe(1);
      // Redis keeps a time to live, not a date: the same end of window within a few milliseconds.
      expect(Math.abs(peeked.resetAt.getTime() - hit.resetAt.getTime())).toBeLessThan(1_000);
    }
    expect((await store.hit(key, 60_000)).count).toBe(2);
  });

  it('starts a new window once the previous one has expired', async () => {
    const store = redisRateLimitStore(redis);
    const key = `test:${randomUUID()}`;
    await store.hit(key, 50);
    await store.hit(key, 50);
    await new Promise((r) => setTimeout(r, 80));
    expect((await store.peek(key)).count).toBe(0);
    expect((await store.hit(key, 50)).count).toBe(1);
  });

  it('takes back one count on release, never below zero, and creates nothing', async () => {
    const store = redisRateLimitStore(redis);
    const key = `test:${randomUUID()}`;
    await store.hit(key, 60_000);
    await store.hit(key, 60_000);
    await store.release(key);
    expect((await store.peek(key)).count).toBe(1);
    await store.release(key);
    await store.release(key);
    expect((await store.peek(key)).count).toBe(0);
    const never = `test:${randomUUID()}`;
    await store.release(never);
    expect(await redis.exists(`ratelimit:${never}`)).toBe(0);
  });
});
