import { and, eq, gt, type SQL } from 'drizzle-orm';
import { ErrorCode, messages } from '@medenglish/shared';
import type { Db, Executor } from '../../db/client.js';
import { xapiProfiles } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../db/transactions.js';
import {
  checkPreconditions,
  documentToStore,
  etagOf,
  type Preconditions,
  type StateDocument,
} from './state.service.js';

/**
 * Which Agent Profile or Activity Profile document(s): the agent's key or the activity id, and
 * the profile id (absent: the list of ids).
 */
export interface ProfileKey {
  kind: 'agent' | 'activity';
  subject: string;
  profileId?: string;
}

function where(key: ProfileKey): SQL {
  return and(
    eq(xapiProfiles.kind, key.kind),
    eq(xapiProfiles.subject, key.subject),
    ...(key.profileId === undefined ? [] : [eq(xapiProfiles.profileId, key.profileId)]),
  )!;
}

const documentOf = (row: typeof xapiProfiles.$inferSelect): StateDocument => ({
  content: row.content,
  contentType: row.contentType,
  etag: row.etag,
  updatedAt: row.updatedAt,
});

export async function readProfile(
  db: Executor,
  key: ProfileKey & { profileId: string },
): Promise<StateDocument | null> {
  const [row] = await db.select().from(xapiProfiles).where(where(key));
  return row ? documentOf(row) : null;
}

/** GET without profileId: the ids of the documents kept, optionally those stored after `since`. */
export async function listProfileIds(db: Executor, key: ProfileKey, since?: Date): Promise<string[]> {
  const rows = await db
    .select({ profileId: xapiProfiles.profileId })
    .from(xapiProfiles)
    .where(and(where(key), ...(since ? [gt(xapiProfiles.updatedAt, since)] : [])));
  return rows.map((r) => r.profileId);
}

/**
 * PUT replaces the document, POST merges a JSON object into the JSON object kept (as the State
 * API does). Unlike State, a PUT must say which version it replaces (xAPI 1.0.3 §6.3
 * Concurrency): without If-Match or If-None-Match it is a 409 conflict over an existing document,
 * and a 400 when there is none.
 */
export async function writeProfile(
  db: Db,
  key: ProfileKey & { profileId: string },
  body: { content: Buffer; contentType: string },
  mode: 'put' | 'post',
  preconditions: Preconditions,
  now: Date,
): Promise<{ etag: string }> {
  return inTransaction(db, async (tx) => {
    const [locked] = await tx.select().from(xapiProfiles).where(where(key)).for('update');
    const current = locked ? documentOf(locked) : null;
    if (mode === 'put' && preconditions.ifMatch === undefined && preconditions.ifNoneMatch === undefined) {
      // As the ADL reference LRS and the conformance suite: 409 over a document, 400 otherwise.
      if (current) throw new AppError(ErrorCode.CONFLICT, messages.xapi.documentConflict);
      throw new AppError(ErrorCode.VALIDATION, messages.xapi.preconditionRequired);
    }
    checkPreconditions(current, preconditions);
    const { content, contentType } = documentToStore(current, body, mode);
    const etag = etagOf(content);
    await tx
      .insert(xapiProfiles)
      .values({ ...key, content, contentType, etag, updatedAt: now })
      .onConflictDoUpdate({
        target: [xapiProfiles.kind, xapiProfiles.subject, xapiProfiles.profileId],
        set: { content, contentType, etag, updatedAt: now },
      });
    return { etag };
  });
}

/** DELETE of one document, checked against If-Match / If-None-Match when sent. */
export async function deleteProfile(
  db: Db,
  key: ProfileKey & { profileId: string },
  preconditions: Preconditions,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    if (preconditions.ifMatch !== undefined || preconditions.ifNoneMatch !== undefined) {
      const [row] = await tx.select().from(xapiProfiles).where(where(key)).for('update');
      checkPreconditions(row ? documentOf(row) : null, preconditions);
    }
    await tx.delete(xapiProfiles).where(where(key));
  });
}
