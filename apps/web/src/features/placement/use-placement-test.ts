import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlacementTest } from '@medenglish/shared';
import { initPlacementTest } from './placement-api';

export const placementTestKey = (userId: string) => ['placement', userId] as const;

/**
 * The learner's test from POST /test/init. The server holds the truth (questions, saved answers,
 * audio plays, scores); this cache is updated from each save's answer rather than fetched again.
 */
export function usePlacementTest(userId: string) {
  return useQuery({
    queryKey: placementTestKey(userId),
    queryFn: ({ signal }) => initPlacementTest(userId, signal),
    enabled: userId !== '',
    staleTime: Infinity,
  });
}

/** Writes what the server just confirmed into the cached test. */
export function useUpdatePlacementTest(userId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (update: (test: PlacementTest) => PlacementTest) =>
      queryClient.setQueryData<PlacementTest>(placementTestKey(userId), (test) => test && update(test)),
    [queryClient, userId],
  );
}
