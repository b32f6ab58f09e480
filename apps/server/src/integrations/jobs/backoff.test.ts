import { describe, expect, it } from 'vitest';
import { BACKOFF_FIRST_MS, BACKOFF_MAX_MS, retryDelayMs } from './backoff.js';

describe('retry back-off', () => {
  it('waits 5 s after the first failure, doubling up to an hour', () => {
    expect(retryDelayMs(1)).toBe(BACKOFF_FIRST_MS);
    expect(retryDelayMs(2)).toBe(10_000);
    expect(retryDelayMs(5)).toBe(80_000);
    expect(retryDelayMs(12)).toBe(BACKOFF_MAX_MS);
    expect(retryDelayMs(1000)).toBe(BACKOFF_MAX_MS);
  });
});
