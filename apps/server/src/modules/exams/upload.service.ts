import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  ErrorCode,
  examDisplay,
  extraMinutes,
  messages,
  UPLOAD_MAX_BYTES,
  UPLOAD_SUCCESS_ANSWER,
  type UploadAnswer,
  type UploadedFile,
  type UploadFields,
} from '@medenglish/shared';
import { companies, examUploads, groupMembers, groups, groupTeachers, users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AccessClaims } from '../auth/index.js';
import { learnersExam, matchesUpload, type ExamContext } from './exam-context.js';
import { checkUpload, type UploadKind } from './upload-checks.js';

type UploadRow = typeof examUploads.$inferSelect;

const t = () => messages.exam.upload;
const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

const CONTENT_TYPES: Record<UploadKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
};

/** Where a learner's abstract is kept: under the group, private (download-links.ts PRIVATE_PREFIXES). */
const uploadKey = (groupId: string, id: string, kind: UploadKind) =>
  `groups/${groupId}/uploads/${id}.${kind}`;

/** A download link outlives a slow phone's download, not a shared chat message. */
const LINK_SECONDS = 10 * 60;

export const presentUpload = (row: UploadRow): UploadedFile => ({
  id: row.id,
  // Cleaned again: a name stored before issue 32 may still hold format characters.
  name: cleanFileName(row.name),
  createdTime: row.createdAt.toISOString(),
  size: row.size,
});

/**
 * Nothing of a file name that is not shown as itself (issue 32): control characters (C0 and C1),
 * Unicode format characters (Cf: the right-to-left override U+202E that makes "invoice\u202Efdp.docx"
 * read "invoicexcod.pdf", the isolates U+2066–2069, zero-width joiners and spaces, byte order
 * marks, soft hyphens), line and paragraph separators, lone surrogates; and the double quote.
 */
const HIDDEN_IN_NAMES = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}"]/gu;

/**
 * The file name as the learner's system gave it, safe to show and to put in a download's
 * Content-Disposition: no path, none of the characters above, at most 200 characters (whole
 * characters: a cut never leaves half of one).
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = Array.from(base.replace(HIDDEN_IN_NAMES, '')).slice(-200).join('').trim();
  return clean || 'document';
}

/**
 * The learner's group that the call names (SPEC §7 names groups and companies by name), with the
 * caller's own e-mail: another learner's address or a group that is not theirs is refused alike.
 */
async function namedGroup(
  deps: Deps,
  userId: string,
  names: { companyName: string; groupName: string; email?: string },
): Promise<string> {
  const rows = await deps.db
    .select({ groupId: groups.id })
    .from(users)
    .innerJoin(groupMembers, eq(groupMembers.userId, users.id))
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(companies, eq(companies.id, groups.companyId))
    .where(
      and(
        eq(users.id, userId),
        eq(groups.name, names.groupName),
        eq(companies.name, names.companyName),
        names.email === undefined ? undefined : sql`lower(${users.email}) = lower(${names.email})`,
      ),
    )
    .limit(1);
  const groupId = rows[0]?.groupId;
  if (!groupId) throw new AppError(ErrorCode.FORBIDDEN, t().unknown);
  return groupId;
}

/** The group's upload exam for this learner (their semester), or a refusal saying it is not theirs. */
async function uploadExam(deps: Deps, userId: string, groupId: string): Promise<ExamContext> {
  return learnersExam(deps.db, userId, matchesUpload, groupId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === ErrorCode.FORBIDDEN) {
      throw new AppError(ErrorCode.FORBIDDEN, t().unknown);
    }
    throw error;
  });
}

/** Uploads and deletions only while the exam is open for this learner (their extra time included). */
function assertOpen(deps: Deps, context: ExamContext, closedMessage: string): void {
  const display = examDisplay(context.exam, extraMinutes(context.learner), deps.clock.now().getTime());
  if (display === 'finished') throw new AppError(ErrorCode.EXAM_CLOSED, closedMessage);
  if (display !== 'in-progress') throw new AppError(ErrorCode.EXAM_NOT_OPEN, messages.exam.notOpen);
}

const mine = (userId: string, groupId: string) =>
  and(eq(examUploads.userId, userId), eq(examUploads.groupId, groupId));

/** POST /getfile: the learner's file in the group the call names, as a list of none or one (SPEC §3). */
export async function learnersUpload(
  deps: Deps,
  userId: string,
  names: { companyName: string; groupName: string },
): Promise<UploadedFile[]> {
  const groupId = await namedGroup(deps, userId, names);
  const rows = await deps.db.select().from(examUploads).where(mine(userId, groupId));
  return rows.map(presentUpload);
}

export interface ReceivedFile {
  filename: string;
  bytes: Buffer;
  /** The body went past the size limit: the bytes are cut. */
  truncated: boolean;
}

/**
 * POST /upload (SPEC §7, §5): stores the learner's one document for their group's exam of type 3,
 * while it is open, after checking the name and the content. Nothing is stored when a check fails;
 * a second file while one is kept is refused with SPEC §5's message.
 */
export async function storeUpload(
  deps: Deps,
  userId: string,
  fields: UploadFields,
  file: ReceivedFile | null,
): Promise<UploadAnswer> {
  const groupId = await namedGroup(deps, userId, fields);
  const context = await uploadExam(deps, userId, groupId);
  assertOpen(deps, context, messages.exam.closed);
  if (!file || (file.bytes.length === 0 && !file.truncated)) {
    throw new AppError(ErrorCode.VALIDATION, t().noFile);
  }
  if (file.truncated) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, t().tooLarge(MAX_MB));
  const name = cleanFileName(fields.filename || file.filename);
  const verdict = await checkUpload(name, file.bytes);
  if (!verdict.ok) {
    if (verdict.reason === 'size') throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, t().tooLarge(MAX_MB));
    throw new AppError(
      ErrorCode.UNSUPPORTED_FILE,
      verdict.reason === 'extension' ? t().wrongExtension : t().wrongContent,
    );
  }
  const [existing] = await deps.db
    .select({ id: examUploads.id })
    .from(examUploads)
    .where(mine(userId, groupId));
  if (existing) throw new AppError(ErrorCode.CONFLICT, t().alreadySent);

  const id = randomUUID();
  const key = uploadKey(groupId, id, verdict.kind);
  // The bytes first, then the row: a crash in between leaves an unreferenced file, never a row
  // that names a file which is not there.
  await deps.storage.put(key, file.bytes, { contentType: CONTENT_TYPES[verdict.kind] });
  const [row] = await deps.db
    .insert(examUploads)
    .values({ id, userId, groupId, name, kind: verdict.kind, size: file.bytes.length, storageKey: key })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    // Two uploads at the same instant (two tabs): the first one kept is the learner's file.
    await deps.storage.delete(key);
    throw new AppError(ErrorCode.CONFLICT, t().alreadySent);
  }
  return { message: UPLOAD_SUCCESS_ANSWER, file: presentUpload(row) };
}

/**
 * GET /file/delete/{fileId}: the learner's own file, while the exam is open; afterwards the file is
 * what the institution marks and stays. The row goes first, then the bytes.
 */
export async function deleteUpload(deps: Deps, userId: string, fileId: string): Promise<{ message: string }> {
  const [row] = await deps.db
    .select()
    .from(examUploads)
    .where(and(eq(examUploads.id, fileId), eq(examUploads.userId, userId)));
  if (!row) throw notFound(t().notYourFile);
  const context = await uploadExam(deps, userId, row.groupId);
  assertOpen(deps, context, t().locked);
  const [gone] = await deps.db.delete(examUploads).where(eq(examUploads.id, row.id)).returning();
  if (gone) await deps.storage.delete(gone.storageKey);
  return { message: t().deleted };
}

/** Whether the file is the learner's own (deletion: nobody else's, whatever their role). */
export async function ownsUpload(deps: Deps, fileId: string, userId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: examUploads.id })
    .from(examUploads)
    .where(and(eq(examUploads.id, fileId), eq(examUploads.userId, userId)));
  return Boolean(row);
}

/** Who may download an upload: its learner, the group's teachers, the company's manager, an admin. */
export async function canReadUpload(deps: Deps, fileId: string, claims: AccessClaims): Promise<boolean> {
  const [row] = await deps.db
    .select({ userId: examUploads.userId, groupId: examUploads.groupId, companyId: groups.companyId })
    .from(examUploads)
    .innerJoin(groups, eq(groups.id, examUploads.groupId))
    .where(eq(examUploads.id, fileId));
  if (!row) return false;
  if (row.userId === claims.userId || claims.role === 'admin') return true;
  if (claims.role === 'manager') return row.companyId === claims.companyId;
  if (claims.role !== 'teacher') return false;
  const [teaches] = await deps.db
    .select({ groupId: groupTeachers.groupId })
    .from(groupTeachers)
    .where(and(eq(groupTeachers.groupId, row.groupId), eq(groupTeachers.userId, claims.userId)));
  return Boolean(teaches);
}

/** GET /file/{fileId}: a short-lived address of the file, named as the learner named it. */
export async function uploadLink(deps: Deps, fileId: string): Promise<{ url: string }> {
  const [row] = await deps.db.select().from(examUploads).where(eq(examUploads.id, fileId));
  if (!row) throw notFound(t().notYourFile);
  const url = await deps.downloadLinks.url(row.storageKey, {
    expiresInSeconds: LINK_SECONDS,
    filename: cleanFileName(row.name),
  });
  return { url };
}
