import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@medenglish/shared';
import { api } from '../lib/api';
import { queryKeys } from './query-keys';

/** GET /api/company/{id} */
export const companyQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.company(id),
    queryFn: ({ signal }) => api.get<Company>(`/company/${encodeURIComponent(id)}`, { signal }),
    staleTime: 5 * 60 * 1000,
  });

export function useCompany(id: string | undefined) {
  return useQuery({ ...companyQuery(id ?? ''), enabled: Boolean(id) });
}
