import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  completionRate,
  minutesOf,
  successRate,
  type GlobalResults,
  type ProgressTracker,
} from '@medenglish/shared';
import { api } from '../lib/api';
import { useServerTime } from './time';
import { TRACKERS_REFRESH_MS } from './trackers';

const path = (...segments: string[]) => segments.map(encodeURIComponent).join('/');

export const resultKeys = {
  global: (userId: string, email: string, groupId: string) =>
    ['results', 'global', userId, email, groupId] as const,
  progress: (userId: string, groupId: string, today: string) =>
    ['results', 'progress', userId, groupId, today] as const,
};

/**
 * GET /api/results/global/{userId}/{email}/{groupId}: [unit results, targets] (SPEC §7 "global
 * results … with targets in the second element"), re-evaluated every 30 s (SPEC §4).
 */
export const globalResultsQuery = (userId: string, email: string, groupId: string) =>
  queryOptions({
    queryKey: resultKeys.global(userId, email, groupId),
    queryFn: ({ signal }) =>
      api.get<GlobalResults>(`/results/global/${path(userId, email, groupId)}`, { signal }),
    refetchInterval: TRACKERS_REFRESH_MS,
  });

export function useGlobalResults(
  userId: string | undefined,
  email: string | undefined,
  groupId: string | undefined,
) {
  return useQuery({
    ...globalResultsQuery(userId ?? '', email ?? '', groupId ?? ''),
    enabled: Boolean(userId && email && groupId),
  });
}

/** SPEC §9 "Progress recomputed when the stored date is missing or differs" (from server today). */
export function needsProgressRecompute(stored: ProgressTracker | null | undefined, today: string): boolean {
  return !stored?.date || stored.date !== today;
}

/**
 * The progress the client proposes to POST /progresstrackers. The server recomputes it from its
 * own records and answers what it stored, so these figures are only a fallback, never trusted.
 */
export function progressFromResults(
  [results, targets]: GlobalResults,
  today: string,
  idleSeconds = 0,
): ProgressTracker {
  const sec = results.reduce((sum, r) => sum + r.time, 0) + Math.max(0, idleSeconds);
  return {
    completionRate: completionRate(results, targets.totalUnits),
    successRate: successRate(results),
    date: today,
    time: minutesOf(sec),
    sec,
  };
}

export interface ProgressState {
  /** The stored progress when it is today's, else the one the server recomputed. */
  progress: ProgressTracker | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * The learner's progress in a group (SPEC §9): the stored tracker of the global results while its
 * date is the server's today; otherwise POST /progresstrackers/{userId} once and use the answer.
 */
export function useProgress(
  userId: string | undefined,
  email: string | undefined,
  groupId: string | undefined,
): ProgressState {
  const results = useGlobalResults(userId, email, groupId);
  const today = useServerTime().data?.today;
  const stored = results.data?.[1].progress ?? null;
  const recompute = Boolean(results.data && today && needsProgressRecompute(stored, today));

  const recomputed = useQuery({
    queryKey: resultKeys.progress(userId ?? '', groupId ?? '', today ?? ''),
    queryFn: () =>
      api.post<ProgressTracker>(`/progresstrackers/${encodeURIComponent(userId!)}`, {
        groupId,
        progress: progressFromResults(results.data!, today!),
      }),
    enabled: recompute,
    // One computation per group and day: the next global results carry it as the stored one.
    staleTime: Infinity,
  });

  if (!recompute) {
    return {
      progress: results.data ? (stored ?? undefined) : undefined,
      isPending: results.isPending || today === undefined,
      isError: results.isError,
    };
  }
  return { progress: recomputed.data, isPending: recomputed.isPending, isError: recomputed.isError };
}
