import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FileKind, StoredFile } from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { groupFiles } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import type { DownloadLinks } from '../../integrations/storage/download-links.js';
import { groupIdsOf } from '../groups/index.js';

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
 * Whether the file is one of the learner's groups': the access requirement of the download
 * (files.routes.ts, objectOf), so another group's file answers 404 like an unknown one.
 */
export async function isFileOfMemberGroup(db: Executor, fileId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(groupFiles)
    .where(and(eq(groupFiles.id, fileId), inArray(groupFiles.groupId, groupIdsOf(db, userId))));
  return row !== undefined;
}

/**
 * POST /googlestorage/download {filename}: the address of a file of one of the learner's groups
 * (the route has checked it, isFileOfMemberGroup). The address is signed and expires (decision
 * 0015); stored keys also hold a random uuid.
 */
export async function downloadUrl(
  db: Executor,
  links: DownloadLinks,
  fileId: string,
): Promise<{ url: string }> {
  const [row] = await db
    .select({ key: groupFiles.storageKey })
    .from(groupFiles)
    .where(eq(groupFiles.id, fileId));
  if (!row) throw notFound();
  return { url: await links.url(row.key, { expiresInSeconds: DOWNLOAD_LINK_SECONDS }) };
}
