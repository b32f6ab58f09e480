import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LaunchResponse } from '@medenglish/shared';
import { api } from '../lib/api';

let openings = 0;

/**
 * POST /api/xapi/launch/{unitId} {groupId}: the address to load in the unit's frame, carrying the
 * xAPI launch query. `opening` numbers each opening of a unit: a new launch is asked every time.
 */
export const unitLaunchQuery = (unitId: string, groupId: string, opening: number) =>
  queryOptions({
    queryKey: ['xapi', 'launch', unitId, groupId, opening] as const,
    queryFn: () => api.post<LaunchResponse>(`/xapi/launch/${encodeURIComponent(unitId)}`, { groupId }),
    // One launch per opening: never refetched behind the learner's back (that would reload the
    // frame), nor kept once the frame is gone.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

/** The launch of one opening of a unit: mount the caller again (key it by unit) to open anew. */
export function useUnitLaunch(unitId: string, groupId: string) {
  const [opening] = useState(() => ++openings);
  return useQuery(unitLaunchQuery(unitId, groupId, opening));
}

/**
 * One launch, asked at the learner's click: for a cmi5 AU that runs in its own window
 * (own-window-unit.tsx), where nothing must launch before the learner chooses to open it.
 */
export const launchUnit = (unitId: string, groupId: string) =>
  api.post<LaunchResponse>(`/xapi/launch/${encodeURIComponent(unitId)}`, { groupId });
