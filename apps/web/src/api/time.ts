import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { DEFAULT_TIME_ZONE, dayInTimeZone, rememberZonePeriods, type timeResponse } from '@medenglish/shared';
import { api } from '../lib/api';

/** GET /api/time: the server's clock (SPEC §7 "server time call"); "today" is never the browser's. */
export type ServerTime = z.infer<typeof timeResponse>;

const REFRESH_MS = 5 * 60 * 1000;
/** While the call fails, it is tried again this often rather than every 5 minutes. */
const RETRY_AFTER_ERROR_MS = 30 * 1000;

/**
 * Keeps the display zone's offsets the server sent with its time: instants are then shown without
 * building an Intl formatter (rules/dates.ts). Every way the time enters the app passes here.
 */
export function keepZonePeriods(time: ServerTime): ServerTime {
  if (time.zonePeriods) rememberZonePeriods(time.timeZone, time.zonePeriods);
  return time;
}

export const serverTimeQuery = queryOptions({
  queryKey: ['time'] as const,
  queryFn: async ({ signal }) => keepZonePeriods(await api.get<ServerTime>('/time', { signal })),
  staleTime: 60 * 1000,
  // Everything that shows a day waits for this call: failures are tried again soon.
  retry: 2,
  retryDelay: 1000,
  refetchOnWindowFocus: true,
  // "Today" moves at midnight: a dashboard left open picks up the new day.
  refetchInterval: (query) => (query.state.status === 'error' ? RETRY_AFTER_ERROR_MS : REFRESH_MS),
});

export function useServerTime() {
  return useQuery(serverTimeQuery);
}

export interface DisplayDay {
  /** The day to show, YYYY-MM-DD; undefined only while GET /time is first being read. */
  today: string | undefined;
  timeZone: string;
}

/**
 * The day screens show (greeting, semester, upcoming exams): the server's. When GET /time cannot
 * be read, the browser's day in the display time zone stands in, for display only — nothing is
 * computed for the server from it (the progress waits for the server's day), and the call keeps
 * being retried.
 */
export function useDisplayDay(): DisplayDay {
  const { data, isError } = useServerTime();
  if (data) return { today: data.today, timeZone: data.timeZone };
  return {
    today: isError ? dayInTimeZone(new Date(), DEFAULT_TIME_ZONE) : undefined,
    timeZone: DEFAULT_TIME_ZONE,
  };
}
