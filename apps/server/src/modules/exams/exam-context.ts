import { asc, eq } from 'drizzle-orm';
import { ErrorCode, isLearnersSemester, messages } from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { groupMembers, groups, users, type ElearningOptionRow } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';

/** SPEC §3: an elearningOptions item of type 1 is a quiz exam; its activityId names the pool. */
export const QUIZ_EXAM_TYPE = 1;
/** SPEC §3: type 2 is a written answer exam; its subject is examSubject.examFile. */
export const WRITTEN_EXAM_TYPE = 2;
/** Type 3, the group exam: each learner uploads one document (SPEC §4 "File upload", issue 13). */
export const UPLOAD_EXAM_TYPE = 3;

/** How an exam is named in a call: a quiz by its pool (activityId), a written exam by its subject file. */
export const matchesQuiz = (poolId: string) => (o: ElearningOptionRow) =>
  o.type === QUIZ_EXAM_TYPE && o.activityId === poolId;
export const matchesWritten = (examFile: string) => (o: ElearningOptionRow) =>
  o.type === WRITTEN_EXAM_TYPE && o.examSubject?.examFile === examFile;
/** A group holds at most one upload exam that matters: the learner's one file is per group. */
export const matchesUpload = (o: ElearningOptionRow) => o.type === UPLOAD_EXAM_TYPE;

export interface ExamContext {
  learner: {
    id: string;
    semester: number | null;
    catchUp: number[];
    additionalTime: number;
    additionalTimeOnce: number;
  };
  groupId: string;
  exam: ElearningOptionRow;
}

const notYours = () => new AppError(ErrorCode.FORBIDDEN, messages.exam.notYours);

/**
 * The exam a learner asks for (a quiz by its pool, a written exam by its subject): in one of their groups (another group's exam is
 * not theirs), of their semester or one they catch up (SPEC §2). `groupId` picks the group when
 * two of theirs hold the same exam. Reads group_members itself rather than through
 * groups/membership.ts, folding it into the learner's row (as decision 0011's hot reads do).
 */
export async function learnersExam(
  db: Executor,
  userId: string,
  matches: (option: ElearningOptionRow) => boolean,
  groupId: string | undefined,
): Promise<ExamContext> {
  // One statement for the learner and their groups: every candidate starts within minutes.
  const rows = await db
    .select({
      learner: {
        id: users.id,
        semester: users.semester,
        catchUp: users.catchUp,
        additionalTime: users.additionalTime,
        additionalTimeOnce: users.additionalTimeOnce,
      },
      group: { id: groups.id, semester: groups.semester, options: groups.elearningOptions },
    })
    .from(users)
    .leftJoin(groupMembers, eq(groupMembers.userId, users.id))
    .leftJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(users.id, userId))
    .orderBy(asc(groupMembers.createdAt), asc(groups.name));
  const learner = rows[0]?.learner;
  if (!learner) throw notFound();
  for (const { group } of rows) {
    if (!group || (groupId !== undefined && group.id !== groupId)) continue;
    if (!isLearnersSemester(group.semester, learner)) continue;
    const exam = group.options.find(matches);
    if (exam) return { learner, groupId: group.id, exam };
  }
  throw notYours();
}
