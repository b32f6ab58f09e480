import { jsonTooDeep, MAX_JSON_DEPTH } from '../../lib/json-depth.js';
import { createHash } from 'node:crypto';
import { and, eq, gt, type SQL } from 'drizzle-orm';
import { ErrorCode, messages } from '@medenglish/shared';
import type { Db, Executor } from '../../db/client.js';
import { xapiState } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { inTransaction } from '../../db/transactions.js';

/** Which document(s): the State API's activityId, agent, registration and stateId. */
export interface StateKey {
  activityId: string;
  agentKey: string;
  /**
   * The registration, when the request names one. One document without it means the one stored
   * without a registration; the list and delete-all without it cover every registration.
   */
  registration?: string;
  stateId?: string;
}

export interface StateDocument {
  content: Buffer;
  contentType: string;
  etag: string;
  updatedAt: Date;
}

/** Preconditions of a write (RFC 7232): If-Match an ETag or `*`, If-None-Match `*`. */
export interface Preconditions {
  ifMatch?: string;
  ifNoneMatch?: string;
}

export const etagOf = (content: Buffer) => `"${createHash('sha1').update(content).digest('hex')}"`;

function where(key: StateKey): SQL {
  return and(
    eq(xapiState.activityId, key.activityId),
    eq(xapiState.agentKey, key.agentKey),
    ...(key.stateId === undefined && key.registration === undefined
      ? []
      : [eq(xapiState.registration, key.registration ?? '')]),
    ...(key.stateId === undefined ? [] : [eq(xapiState.stateId, key.stateId)]),
  )!;
}

export async function readState(db: Executor, key: StateKey): Promise<StateDocument | null> {
  const [row] = await db.select().from(xapiState).where(where(key));
  return row
    ? { content: row.content, contentType: row.contentType, etag: row.etag, updatedAt: row.updatedAt }
    : null;
}

/** GET without stateId: the ids of the documents kept, optionally those stored after `since`. */
export async function listStateIds(db: Executor, key: StateKey, since?: Date): Promise<string[]> {
  const rows = await db
    .select({ stateId: xapiState.stateId })
    .from(xapiState)
    .where(and(where(key), ...(since ? [gt(xapiState.updatedAt, since)] : [])));
  return rows.map((r) => r.stateId);
}

export function checkPreconditions(current: StateDocument | null, preconditions: Preconditions) {
  const { ifMatch, ifNoneMatch } = preconditions;
  if (ifMatch !== undefined) {
    // Quotes are optional on the tags sent back (some clients drop them).
    const bare = (tag: string) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1');
    const tags = ifMatch.split(',').map(bare);
    if (!current || !(tags.includes('*') || tags.includes(bare(current.etag)))) {
      throw new AppError(ErrorCode.PRECONDITION_FAILED, messages.xapi.stateMismatch);
    }
  }
  if (ifNoneMatch?.trim() === '*' && current) {
    throw new AppError(ErrorCode.PRECONDITION_FAILED, messages.xapi.stateExists);
  }
}

export const isJsonType = (contentType: string) => /^application\/json\b/i.test(contentType);

export function jsonObject(content: Buffer): Record<string, unknown> | null {
  const text = content.toString('utf8');
  // Too deep to merge safely: refused like any body that deep (issue 20).
  if (jsonTooDeep(text)) throw new AppError(ErrorCode.VALIDATION, messages.common.tooDeep(MAX_JSON_DEPTH));
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * What a write stores (xAPI 7.3, shared by State and the profiles): PUT the body as sent; POST a
 * JSON object merged into the JSON object kept (the new one's top-level properties win), or the
 * body as sent when nothing is kept. A POST that cannot merge is refused.
 */
export function documentToStore(
  current: StateDocument | null,
  body: { content: Buffer; contentType: string },
  mode: 'put' | 'post',
): { content: Buffer; contentType: string } {
  if (mode === 'put') return body;
  if (current) {
    const kept = isJsonType(current.contentType) ? jsonObject(current.content) : null;
    const sent = isJsonType(body.contentType) ? jsonObject(body.content) : null;
    if (!kept || !sent) throw new AppError(ErrorCode.VALIDATION, messages.xapi.notMergeable);
    return { content: Buffer.from(JSON.stringify({ ...kept, ...sent })), contentType: 'application/json' };
  }
  if (isJsonType(body.contentType) && !jsonObject(body.content)) {
    throw new AppError(ErrorCode.VALIDATION, messages.xapi.notMergeable);
  }
  return body;
}

/**
 * PUT replaces the document; POST merges a JSON object into a JSON object kept (top-level
 * properties of the new one win, xAPI 7.3) and stores anything else as sent. The document is read
 * under a row lock so two writes of one learner never lose each other's properties.
 */
export async function writeState(
  db: Db,
  key: StateKey & { stateId: string },
  body: { content: Buffer; contentType: string },
  mode: 'put' | 'post',
  preconditions: Preconditions,
  now: Date,
  /**
   * xAPI 2.0 (§4.1.4): a PUT without If-Match or If-None-Match may not replace a document (409).
   * 1.0.x content frames save their place with blind PUTs, which stay allowed there.
   */
  conditionToReplace = false,
): Promise<{ etag: string }> {
  const upsert = (ex: Executor, content: Buffer, contentType: string, etag: string) =>
    ex
      .insert(xapiState)
      .values({ ...key, registration: key.registration ?? '', content, contentType, etag, updatedAt: now })
      .onConflictDoUpdate({
        target: [xapiState.activityId, xapiState.agentKey, xapiState.registration, xapiState.stateId],
        set: { content, contentType, etag, updatedAt: now },
      });
  const blind = preconditions.ifMatch === undefined && preconditions.ifNoneMatch === undefined;
  // The frequent write — a frame saving its place — is a plain PUT: one statement.
  if (mode === 'put' && blind && !conditionToReplace) {
    const etag = etagOf(body.content);
    await upsert(db, body.content, body.contentType, etag);
    return { etag };
  }
  return inTransaction(db, async (tx) => {
    const [locked] = await tx.select().from(xapiState).where(where(key)).for('update');
    const current = locked
      ? {
          content: locked.content,
          contentType: locked.contentType,
          etag: locked.etag,
          updatedAt: locked.updatedAt,
        }
      : null;
    if (mode === 'put' && blind && current)
      throw new AppError(ErrorCode.CONFLICT, messages.xapi.documentConflict);
    checkPreconditions(current, preconditions);
    const { content, contentType } = documentToStore(current, body, mode);
    const etag = etagOf(content);
    await upsert(tx, content, contentType, etag);
    return { etag };
  });
}

/** DELETE: one document (with stateId) or all of the agent's in the activity and registration. */
export async function deleteState(db: Db, key: StateKey, preconditions: Preconditions): Promise<void> {
  await inTransaction(db, async (tx) => {
    if (
      key.stateId !== undefined &&
      (preconditions.ifMatch !== undefined || preconditions.ifNoneMatch !== undefined)
    ) {
      const [row] = await tx.select().from(xapiState).where(where(key)).for('update');
      checkPreconditions(row ?? null, preconditions);
    }
    await tx.delete(xapiState).where(where(key));
  });
}
