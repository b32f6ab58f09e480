import { describe, expect, it } from 'vitest';
import type { Query } from '@tanstack/react-query';
import { JUST_READ_MS, refetchOnMount } from './query-client';

const query = (state: Partial<Query['state']>) =>
  ({ state: { isInvalidated: false, dataUpdatedAt: 0, ...state } }) as Query;

describe('reading again when a screen mounts', () => {
  it('skips an answer just read (the dashboard prefetched it as its chunk arrived)', () => {
    expect(refetchOnMount(query({ dataUpdatedAt: 10_000 }), 10_000 + JUST_READ_MS - 1)).toBe(false);
  });
  it('reads again an older answer, an invalidated one, or one never read', () => {
    expect(refetchOnMount(query({ dataUpdatedAt: 10_000 }), 10_000 + JUST_READ_MS)).toBe(true);
    expect(refetchOnMount(query({ dataUpdatedAt: 10_000, isInvalidated: true }), 10_001)).toBe(true);
    expect(refetchOnMount(query({}), 10_000)).toBe(true);
  });
});
