import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FileKind, StoredFile } from '@medenglish/shared';
import { api } from '../lib/api';

/** GET /api/googlestorage/files/{kind}/{companyId}/{groupId}: a group's stored documents. */
export const groupFilesQuery = (kind: FileKind, companyId: string, groupId: string) =>
  queryOptions({
    queryKey: ['groupFiles', kind, companyId, groupId] as const,
    queryFn: ({ signal }) =>
      api.get<StoredFile[]>(
        `/googlestorage/files/${kind}/${encodeURIComponent(companyId)}/${encodeURIComponent(groupId)}`,
        { signal },
      ),
    staleTime: 60 * 1000,
  });

export function useGroupFiles(kind: FileKind, companyId: string | undefined, groupId: string | undefined) {
  return useQuery({
    ...groupFilesQuery(kind, companyId ?? '', groupId ?? ''),
    enabled: Boolean(companyId && groupId),
  });
}

/** POST /api/googlestorage/download {filename: file.id} → the address of that file (SPEC §7; decision 0008). */
export async function fetchDownloadUrl(file: Pick<StoredFile, 'id'>): Promise<string> {
  const { url } = await api.post<{ url: string }>('/googlestorage/download', { filename: file.id });
  return url;
}
