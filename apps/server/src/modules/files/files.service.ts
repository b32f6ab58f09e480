import { and, asc, eq } from 'drizzle-orm';
import { idSchema, type FileKind, type StoredFile } from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { groupFiles, groupMembers } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import type { DownloadLinks } from '../../integrations/storage/download-links.js';

/** A group document's address works this long (decision 0015): long enough to click, not to share. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

/** GET /googlestorage/files/{kind}/{company}/{group}: the group's files of that kind, oldest first. */
export async function filesOfGroup(db: Executor, groupId: string, kind: FileKind): Promise<StoredFile[]> {
  const rows = await db
    .select()
    .from(groupFiles)
    .where(and(eq(groupFiles.groupId, groupId), eq(groupFiles.kind, kind)))
    .orderBy(asc(groupFiles.createdAt), asc(groupFiles.name));
  return rows.map((r) => ({ id: r.id, name: r.name, createdTime: r.createdAt.toISOString() }));
}

/**
 * POST /googlestorage/download {filename}: the address of a file of one of the learner's groups.
 * The address is signed and expires (decision 0015); stored keys also hold a random uuid.
 * Anything else — another group's file, an unknown or malformed id — is the same 404.
 */
export async function downloadUrl(
  db: Executor,
  links: DownloadLinks,
  userId: string,
  fileId: string,
): Promise<{ url: string }> {
  if (!idSchema.safeParse(fileId).success) throw notFound();
  const [row] = await db
    .select({ key: groupFiles.storageKey })
    .from(groupFiles)
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groupFiles.groupId), eq(groupMembers.userId, userId)),
    )
    .where(eq(groupFiles.id, fileId));
  if (!row) throw notFound();
  return { url: await links.url(row.key, { expiresInSeconds: DOWNLOAD_LINK_SECONDS }) };
}
