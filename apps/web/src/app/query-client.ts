import { QueryClient, type Query } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';

/** A 4xx is an answer (retrying will not change it); network and server failures get one retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * How long an answer counts as just read: a screen mounting within it does not read it again,
 * whatever its staleTime. The dashboard starts its cards' reads as its chunk arrives and answers
 * them from the page (features/dashboard/dashboard-prefetch.ts); without this, every card with a
 * staleTime of 0 read the same data again over the network the moment it was drawn.
 */
export const JUST_READ_MS = 5_000;

/** Read again on mount unless the answer is younger than JUST_READ_MS and nothing invalidated it. */
export function refetchOnMount(query: Query, now = Date.now()): boolean {
  const { isInvalidated, dataUpdatedAt } = query.state;
  return isInvalidated || dataUpdatedAt === 0 || now - dataUpdatedAt >= JUST_READ_MS;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, refetchOnMount },
      mutations: { retry: false },
    },
  });
}
