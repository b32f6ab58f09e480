import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  acceptsAnswers,
  attemptDeadline,
  EXAM_DEFAULT_MINUTES,
  EXAM_GRACE_MS,
  ErrorCode,
  examDisplay,
  extraMinutes,
  messages,
  remainingMs,
  type WrittenExam,
} from '@medenglish/shared';
import { groups, groupTeachers, writtenAnswers } from '../../db/schema.js';
import { inTransaction } from '../../db/transactions.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { AccessClaims } from '../auth/index.js';
import { learnersExam, matchesWritten } from './exam-context.js';

type WrittenRow = typeof writtenAnswers.$inferSelect;

/** The job that sends a written exam its learner left open, with the last draft (issue 13). */
export const WRITTEN_FINISH_JOB = 'written.finish';

/** Where a group's exam subjects are stored: private, served only at signed addresses. */
export const examSubjectKey = (groupId: string, examFile: string) => `groups/${groupId}/exams/${examFile}`;

/** Subjects are read during the exam: an address that outlives a 90-minute exam with extra time. */
const SUBJECT_LINK_SECONDS = 4 * 3600;

const conflict = (code: ErrorCode, message: string) => new AppError(code, message);

function extraOf(context: { learner: { additionalTime: number; additionalTimeOnce: number } }) {
  return extraMinutes(context.learner);
}

async function present(
  deps: Deps,
  row: WrittenRow,
  extra: number,
  withSubject: boolean,
): Promise<WrittenExam> {
  const now = deps.clock.now();
  let examFileUrl: string | null = null;
  if (withSubject && !row.sentAt) {
    const key = examSubjectKey(row.groupId, row.examFile);
    if (await deps.storage.head(key)) {
      examFileUrl = await deps.downloadLinks.url(key, {
        expiresInSeconds: SUBJECT_LINK_SECONDS,
        filename: row.examFile,
      });
    }
  }
  return {
    _id: row.id,
    groupId: row.groupId,
    examFile: row.examFile,
    examFileUrl,
    startedAt: row.startedAt.toISOString(),
    deadline: row.deadlineAt.toISOString(),
    serverNow: now.toISOString(),
    remainingMs: row.sentAt ? 0 : remainingMs(row.deadlineAt.getTime(), now.getTime()),
    durationMinutes: EXAM_DEFAULT_MINUTES,
    extraMinutes: extra,
    draft: row.sentAt ? (row.answer ?? row.draft) : row.draft,
    draftSavedAt: row.draftSavedAt?.toISOString() ?? null,
    answer: row.answer,
    sentAt: row.sentAt?.toISOString() ?? null,
    sentBy: row.sentBy ?? null,
  };
}

/**
 * Sends a written exam whose time and grace are over with its last draft — by the deadline job, or
 * by whichever request finds it first — dated at the deadline. At most once.
 */
async function sendIfDue(deps: Deps, row: WrittenRow): Promise<WrittenRow> {
  const now = deps.clock.now();
  if (row.sentAt || acceptsAnswers(row.deadlineAt.getTime(), now.getTime())) return row;
  const [sent] = await deps.db
    .update(writtenAnswers)
    .set({ answer: sql`${writtenAnswers.draft}`, sentAt: row.deadlineAt, sentBy: 'deadline' })
    .where(and(eq(writtenAnswers.id, row.id), isNull(writtenAnswers.sentAt)))
    .returning();
  return sent ?? (await deps.db.select().from(writtenAnswers).where(eq(writtenAnswers.id, row.id)))[0] ?? row;
}

const mineWhere = (userId: string, groupId: string, examFile: string) =>
  and(
    eq(writtenAnswers.userId, userId),
    eq(writtenAnswers.groupId, groupId),
    eq(writtenAnswers.examFile, examFile),
  );

/**
 * POST /examresult/examfile: opens the written exam. The first opening stores the begin time on the
 * server (SPEC §4) — only while the exam is open for the learner — and every later one (a reload,
 * another device) returns the same exam with its draft and the time left.
 */
export async function openWritten(deps: Deps, userId: string, groupId: string, examFile: string) {
  const context = await learnersExam(deps.db, userId, matchesWritten(examFile), groupId).catch((error) => {
    if (error instanceof AppError && error.code === ErrorCode.FORBIDDEN) {
      throw new AppError(ErrorCode.FORBIDDEN, messages.exam.written.unknown);
    }
    throw error;
  });
  const extra = extraOf(context);
  const mine = mineWhere(userId, context.groupId, examFile);
  let [row] = await deps.db.select().from(writtenAnswers).where(mine);
  if (!row) {
    const now = deps.clock.now();
    const display = examDisplay(context.exam, extra, now.getTime());
    if (display === 'finished') throw conflict(ErrorCode.EXAM_CLOSED, messages.exam.closed);
    if (display !== 'in-progress') throw conflict(ErrorCode.EXAM_NOT_OPEN, messages.exam.notOpen);
    const deadline = new Date(attemptDeadline(now.getTime(), EXAM_DEFAULT_MINUTES, extra, context.exam));
    await inTransaction(deps.db, async (tx) => {
      // Two tabs opening at once: one exam, one job.
      const [created] = await tx
        .insert(writtenAnswers)
        .values({ userId, groupId: context.groupId, examFile, startedAt: now, deadlineAt: deadline })
        .onConflictDoNothing()
        .returning({ id: writtenAnswers.id });
      if (created) {
        await deps.jobs.enqueue(
          tx,
          WRITTEN_FINISH_JOB,
          { writtenId: created.id },
          { runAt: new Date(deadline.getTime() + EXAM_GRACE_MS), singletonKey: `written:${created.id}` },
        );
      }
    });
    [row] = await deps.db.select().from(writtenAnswers).where(mine);
    if (!row) throw notFound();
  }
  return present(deps, await sendIfDue(deps, row), extra, true);
}

/** Why a write to a written exam was refused: sent already, time up (then sent with its draft), or none. */
async function refusal(deps: Deps, userId: string, groupId: string, examFile: string): Promise<AppError> {
  const [row] = await deps.db
    .select()
    .from(writtenAnswers)
    .where(mineWhere(userId, groupId, examFile));
  if (!row) return notFound(messages.exam.written.unknown);
  if (row.sentAt) return conflict(ErrorCode.CONFLICT, messages.exam.alreadySent);
  await sendIfDue(deps, row);
  return conflict(ErrorCode.EXAM_TIME_UP, messages.exam.timeUp);
}

/** The row is writable: the learner's, not sent, and the deadline plus its grace not passed. */
const writable = (userId: string, groupId: string, examFile: string, now: Date) =>
  and(
    mineWhere(userId, groupId, examFile),
    isNull(writtenAnswers.sentAt),
    sql`${writtenAnswers.deadlineAt} + make_interval(secs => ${EXAM_GRACE_MS / 1000}) >= ${now.toISOString()}::timestamptz`,
  );

/** PUT /examresult/draft: the draft as it stands, kept on the server (one statement). */
export async function saveDraft(deps: Deps, userId: string, groupId: string, examFile: string, text: string) {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(writtenAnswers)
    .set({ draft: text, draftSavedAt: now })
    .where(writable(userId, groupId, examFile, now))
    .returning({ deadlineAt: writtenAnswers.deadlineAt });
  if (!row) throw await refusal(deps, userId, groupId, examFile);
  return {
    draftSavedAt: now.toISOString(),
    deadline: row.deadlineAt.toISOString(),
    serverNow: now.toISOString(),
    remainingMs: remainingMs(row.deadlineAt.getTime(), now.getTime()),
  };
}

/**
 * POST /examresult (SPEC §7): sends the answer — refused empty (SPEC §5), after the time, or
 * twice. Sent, the answer is locked.
 */
export async function sendWritten(
  deps: Deps,
  userId: string,
  groupId: string,
  examFile: string,
  text: string,
) {
  if (text.trim() === '') throw new AppError(ErrorCode.VALIDATION, messages.exam.written.empty);
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(writtenAnswers)
    .set({ draft: text, draftSavedAt: now, answer: text, sentAt: now, sentBy: 'learner' })
    .where(writable(userId, groupId, examFile, now))
    .returning();
  if (!row) throw await refusal(deps, userId, groupId, examFile);
  return present(deps, row, 0, false);
}

/** The deadline job: sends the written exam with its last draft if the learner has not. */
export async function sendWrittenByDeadline(deps: Pick<Deps, 'db'>, writtenId: string): Promise<void> {
  await deps.db
    .update(writtenAnswers)
    .set({
      answer: sql`${writtenAnswers.draft}`,
      sentAt: sql`${writtenAnswers.deadlineAt}`,
      sentBy: 'deadline',
    })
    .where(and(eq(writtenAnswers.id, writtenId), isNull(writtenAnswers.sentAt)));
}

/** GET /examresult/{userId}: the learner's written exams, newest first. */
export async function learnersWritten(deps: Deps, userId: string): Promise<WrittenExam[]> {
  const rows = await deps.db
    .select()
    .from(writtenAnswers)
    .where(eq(writtenAnswers.userId, userId))
    .orderBy(desc(writtenAnswers.startedAt));
  const out: WrittenExam[] = [];
  for (const row of rows) out.push(await present(deps, await sendIfDue(deps, row), 0, false));
  return out;
}

/**
 * GET /examresult/groups: the written answers staff may read — a teacher's groups, a manager's
 * company, every group for an admin. Drafts are the learner's own: only sent answers are listed.
 */
export async function staffWritten(deps: Deps, claims: AccessClaims): Promise<WrittenExam[]> {
  const scope =
    claims.role === 'admin'
      ? undefined
      : claims.role === 'manager'
        ? sql`${writtenAnswers.groupId} IN (SELECT ${groups.id} FROM ${groups} WHERE ${groups.companyId} = ${claims.companyId})`
        : sql`${writtenAnswers.groupId} IN (SELECT ${groupTeachers.groupId} FROM ${groupTeachers} WHERE ${groupTeachers.userId} = ${claims.userId})`;
  const rows = await deps.db
    .select()
    .from(writtenAnswers)
    .where(and(sql`${writtenAnswers.sentAt} IS NOT NULL`, scope))
    .orderBy(desc(writtenAnswers.sentAt));
  return Promise.all(rows.map((row) => present(deps, row, 0, false)));
}

/** GET /examresult/company/{id}: the sent written answers of a company's groups (its staff). */
export async function companyWritten(deps: Deps, companyId: string): Promise<WrittenExam[]> {
  const rows = await deps.db
    .select({ answer: writtenAnswers })
    .from(writtenAnswers)
    .innerJoin(groups, eq(groups.id, writtenAnswers.groupId))
    .where(and(eq(groups.companyId, companyId), sql`${writtenAnswers.sentAt} IS NOT NULL`))
    .orderBy(desc(writtenAnswers.sentAt));
  return Promise.all(rows.map((r) => present(deps, r.answer, 0, false)));
}
