import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cmi5LaunchMode, LaunchResponse } from '@medenglish/shared';
import { api } from '../lib/api';

let openings = 0;
const nextOpening = () => ++openings;

/** The body of a launch: the usual one ({groupId}) unless a launch mode is asked (decision 0041). */
const launchBodyOf = (groupId: string, mode?: Cmi5LaunchMode) =>
  mode === undefined ? { groupId } : { groupId, mode };

/**
 * POST /api/xapi/launch/{unitId} {groupId, mode?}: the address to load in the unit's frame,
 * carrying the xAPI launch query. `opening` numbers each opening of a unit: a new launch is asked
 * every time. `mode` asks a cmi5 AU for a launch mode; without it, the usual launch.
 */
export const unitLaunchQuery = (unitId: string, groupId: string, opening: number, mode?: Cmi5LaunchMode) =>
  queryOptions({
    queryKey: ['xapi', 'launch', unitId, groupId, opening, mode ?? null] as const,
    queryFn: () =>
      api.post<LaunchResponse>(`/xapi/launch/${encodeURIComponent(unitId)}`, launchBodyOf(groupId, mode)),
    // One launch per opening: never refetched behind the learner's back (that would reload the
    // frame), nor kept once the frame is gone.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

/**
 * The launch of one opening of a unit: mount the caller again (key it by unit) to open anew. A
 * change of `mode` is a new opening too: the unit is launched again in the mode asked.
 */
export function useUnitLaunch(unitId: string, groupId: string, mode?: Cmi5LaunchMode) {
  const [opening, setOpening] = useState(() => ({ mode, number: nextOpening() }));
  let current = opening;
  if (opening.mode !== mode) {
    current = { mode, number: nextOpening() };
    setOpening(current);
  }
  return useQuery(unitLaunchQuery(unitId, groupId, current.number, mode));
}

/**
 * One launch, asked at the learner's click: for a cmi5 AU that runs in its own window
 * (own-window-unit.tsx), where nothing must launch before the learner chooses to open it.
 */
export const launchUnit = (unitId: string, groupId: string, mode?: Cmi5LaunchMode) =>
  api.post<LaunchResponse>(`/xapi/launch/${encodeURIComponent(unitId)}`, launchBodyOf(groupId, mode));
