import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyData } from '@medenglish/shared';
import { api } from '../lib/api';

/** GET /api/companyData/{id}: the company's semester calendar (SPEC §3 Company data). */
export const companyDataQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['companyData', companyId] as const,
    queryFn: ({ signal }) =>
      api.get<CompanyData>(`/companyData/${encodeURIComponent(companyId)}`, { signal }),
    staleTime: 5 * 60 * 1000,
  });

export function useCompanyData(companyId: string | undefined) {
  return useQuery({ ...companyDataQuery(companyId ?? ''), enabled: Boolean(companyId) });
}
