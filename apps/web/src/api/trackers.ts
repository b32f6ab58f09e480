import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IdleTracker, LatestActivity, StudyTimeTotal, UnitTrackers } from '@medenglish/shared';
import { api } from '../lib/api';

/** SPEC §4/§9: the connection time and the progress are re-evaluated every 30 s. */
export const TRACKERS_REFRESH_MS = 30_000;

const path = (...segments: string[]) => segments.map(encodeURIComponent).join('/');

export const trackerKeys = {
  all: ['trackers'] as const,
  studyTimeTotal: ['trackers', 'time'] as const,
  idle: (userId: string, groupId: string) => ['trackers', 'idle', userId, groupId] as const,
  units: (userId: string, groupId: string) => ['trackers', 'units', userId, groupId] as const,
  latest: (userId: string, groupId: string) => ['trackers', 'latest', userId, groupId] as const,
};

/**
 * GET /api/unittrackers/time/: the caller's total connection time. The path ends with an empty
 * segment, so no Authorization header is sent (SPEC §6): the server reads the auth cookie.
 */
export const studyTimeTotalQuery = queryOptions({
  queryKey: trackerKeys.studyTimeTotal,
  queryFn: ({ signal }) => api.get<StudyTimeTotal>('/unittrackers/time/', { signal }),
  refetchInterval: TRACKERS_REFRESH_MS,
});

export function useStudyTimeTotal() {
  return useQuery(studyTimeTotalQuery);
}

/** GET /api/idletracker/user/{userId}/{groupId}: time in the group spent outside any unit. */
export const idleTrackerQuery = (userId: string, groupId: string) =>
  queryOptions({
    queryKey: trackerKeys.idle(userId, groupId),
    queryFn: ({ signal }) => api.get<IdleTracker>(`/idletracker/user/${path(userId, groupId)}`, { signal }),
    refetchInterval: TRACKERS_REFRESH_MS,
  });

export function useIdleTracker(userId: string | undefined, groupId: string | undefined) {
  return useQuery({ ...idleTrackerQuery(userId ?? '', groupId ?? ''), enabled: Boolean(userId && groupId) });
}

/** GET /api/unittrackers/user/{userId}/{groupId}: study time per unit of the group (SPEC §3 Trackers). */
export const unitTrackersQuery = (userId: string, groupId: string) =>
  queryOptions({
    queryKey: trackerKeys.units(userId, groupId),
    queryFn: ({ signal }) => api.get<UnitTrackers>(`/unittrackers/user/${path(userId, groupId)}`, { signal }),
    refetchInterval: TRACKERS_REFRESH_MS,
  });

export function useUnitTrackers(userId: string | undefined, groupId: string | undefined) {
  return useQuery({ ...unitTrackersQuery(userId ?? '', groupId ?? ''), enabled: Boolean(userId && groupId) });
}

/** GET /api/unittrackers/latest/{userId}/{groupId}: the unit the learner last worked on. */
export const latestActivityQuery = (userId: string, groupId: string) =>
  queryOptions({
    queryKey: trackerKeys.latest(userId, groupId),
    queryFn: ({ signal }) =>
      api.get<LatestActivity>(`/unittrackers/latest/${path(userId, groupId)}`, { signal }),
    staleTime: TRACKERS_REFRESH_MS,
  });

export function useLatestActivity(userId: string | undefined, groupId: string | undefined) {
  return useQuery({
    ...latestActivityQuery(userId ?? '', groupId ?? ''),
    enabled: Boolean(userId && groupId),
  });
}

/** Seconds of a unit-trackers answer, summed over the units. */
export function unitTrackersSeconds(trackers: UnitTrackers): number {
  return trackers.units.reduce((sum, u) => sum + u.time, 0);
}
