import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseModule } from '@medenglish/shared';
import { api } from '../lib/api';

const path = (...segments: string[]) => segments.map(encodeURIComponent).join('/');

export const moduleKeys = {
  all: ['modules'] as const,
  user: (userId: string, groupId: string) => ['modules', 'user', userId, groupId] as const,
};

/**
 * GET /api/module/user/{userId}/{groupId}: the group's modules in course order, each with the
 * learner's units (verb, result, seconds spent) and its progress (SPEC §3 Module, Unit).
 */
export const courseModulesQuery = (userId: string, groupId: string) =>
  queryOptions({
    queryKey: moduleKeys.user(userId, groupId),
    queryFn: ({ signal }) => api.get<CourseModule[]>(`/module/user/${path(userId, groupId)}`, { signal }),
    staleTime: 30 * 1000,
  });

export interface CourseModulesOptions {
  /**
   * Refetch this often (ms), or false; a function decides from the modules last read (while a unit
   * is open, its results arrive from the package through the LRS).
   */
  refetchInterval?: number | false | ((modules: CourseModule[] | undefined) => number | false);
}

export function useCourseModules(
  userId: string | undefined,
  groupId: string | undefined,
  { refetchInterval = false }: CourseModulesOptions = {},
) {
  return useQuery({
    ...courseModulesQuery(userId ?? '', groupId ?? ''),
    enabled: Boolean(userId && groupId),
    refetchInterval:
      typeof refetchInterval === 'function' ? (query) => refetchInterval(query.state.data) : refetchInterval,
    // Coming back to the tab after working in a unit shows its new status.
    refetchOnWindowFocus: true,
  });
}
