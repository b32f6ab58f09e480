import {
  examDisplay,
  extraMinutes,
  isLearnersSemester,
  type ExamAttemptStatus,
  type ExamDisplay,
  type Group,
  type User,
  type WrittenExam,
} from '@medenglish/shared';

type ExamOption = Group['elearning']['elearningOptions'][number];

/** One exam of the /elearning/exam page: where it comes from, its state for the learner, their attempt. */
export interface ExamEntry {
  key: string;
  groupId: string;
  groupName: string;
  exam: ExamOption;
  display: ExamDisplay;
  attempt: ExamAttemptStatus | null;
  /** The learner's written exam (type 2), once opened. */
  written: WrittenExam | null;
}

/**
 * SPEC §2 "/elearning/exam": the exams of the learner's groups whose semester is theirs or one
 * they catch up, each with its display state (SPEC §4, the learner's extra time pushing the end)
 * and the learner's attempt; exams being taken first, then upcoming ones by date, then past ones.
 * Type 0 ("no written exam this semester") is a statement about the group, listed as such.
 */
export function examEntries(
  groups: readonly Group[],
  user: Pick<User, 'semester' | 'catchUp' | 'additionalTime' | 'additionalTimeOnce'>,
  attempts: readonly ExamAttemptStatus[],
  now: number,
  written: readonly WrittenExam[] = [],
): ExamEntry[] {
  const extra = extraMinutes({
    additionalTime: user.additionalTime ?? 0,
    additionalTimeOnce: user.additionalTimeOnce ?? 0,
  });
  const rank: Record<ExamDisplay, number> = {
    'in-progress': 0,
    'not-started': 1,
    unscheduled: 2,
    finished: 3,
  };
  return groups
    .filter((g) => isLearnersSemester(g.semester, { semester: user.semester, catchUp: user.catchUp ?? [] }))
    .flatMap((g) =>
      g.elearning.elearningOptions.map((exam, index) => ({
        key: `${g._id}-${index}`,
        groupId: g._id,
        groupName: g.name,
        exam,
        display: examDisplay(exam, extra, now),
        attempt:
          exam.type === 1
            ? (attempts.find((a) => a.groupId === g._id && a.poolId === exam.activityId) ?? null)
            : null,
        written:
          exam.type === 2
            ? (written.find((w) => w.groupId === g._id && w.examFile === exam.examSubject?.examFile) ?? null)
            : null,
      })),
    )
    .sort(
      (a, b) =>
        rank[a.display] - rank[b.display] ||
        (a.display === 'finished' ? -1 : 1) *
          (Date.parse(a.exam.examBegin ?? '') - Date.parse(b.exam.examBegin ?? '')),
    );
}
