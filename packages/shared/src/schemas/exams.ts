import { z } from 'zod';
import { EXAM_TIMER_MAX_SECONDS, EXAM_TYPE_MAX } from '../constants.js';
import { idSchema, noControlCharacters } from './common.js';
import { placementQuestion } from './placement.js';

/**
 * The quiz exam (type 1) of SPEC §7 "Quiz exam", issue 12. The exam is a group's elearningOptions
 * item of type 1; its activityId names the question pool ("poolId"). An attempt ("test") is one
 * learner's sitting of that exam: its questions in the attempt's own order, the answers saved so
 * far and the server's deadline. Questions are the engine's, never with their keys.
 */
export const poolId = z.string().min(1).max(64).refine(noControlCharacters);

export const examScores = z.object({
  correct: z.number().int(),
  total: z.number().int(),
  /** 0–100, one decimal. */
  percent: z.number(),
  /** The French 0–20 mark, two decimals. */
  outOf20: z.number(),
});
export type ExamScores = z.infer<typeof examScores>;

export const examFinishedBy = z.enum(['learner', 'timer', 'deadline']);

const attemptStatus = {
  testId: idSchema,
  poolId: z.string(),
  groupId: idSchema,
  /** The server's instants (ISO): the countdown runs towards `deadline` on the server's clock. */
  startedAt: z.string(),
  deadline: z.string(),
  serverNow: z.string(),
  remainingMs: z.number().int(),
  answered: z.number().int(),
  total: z.number().int(),
  finishedAt: z.string().nullable(),
  finishedBy: examFinishedBy.nullable(),
  examScores: examScores.nullable(),
};

/** An answer as saved: the question's position in the attempt and the options as shown. */
export const examAnswerRecord = z.object({
  position: z.number().int(),
  question: idSchema,
  answerIndex: z.array(z.number().int()),
  created_at: z.string(),
});
export type ExamAnswerRecord = z.infer<typeof examAnswerRecord>;

/** POST /examtype1/init/{activityId}: the attempt, started on first call, resumed after. */
export const examAttempt = z.object({
  ...attemptStatus,
  name: z.string(),
  durationMinutes: z.number().int(),
  extraMinutes: z.number().int(),
  descriptionKN: z.string(),
  descriptionRC: z.string(),
  descriptionOC: z.string(),
  /**
   * In the attempt's order, options in the attempt's order; empty once finished. A reading
   * question names its passage (`passageId`, an index in `passages`) rather than carrying it: five
   * questions on one text send the text once.
   */
  questions: z.array(placementQuestion.extend({ passageId: z.number().int().nullable() })),
  passages: z.array(z.object({ title: z.string(), text: z.string() })),
  answers: z.array(examAnswerRecord),
});
export type ExamAttempt = z.infer<typeof examAttempt>;

/** The attempt without its questions (results, status reads, the timer). */
export const examAttemptStatus = z.object(attemptStatus);
export type ExamAttemptStatus = z.infer<typeof examAttemptStatus>;

/** GET /examtype1/user/{userId}: each attempt with its exam's name (results page, dashboard). */
export const examResult = examAttemptStatus.extend({ name: z.string() });
export type ExamResult = z.infer<typeof examResult>;

/** Seconds left on the browser's exam timer (issue 32: bounded, a whole number). */
const timerSeconds = z.number().int().min(0).max(EXAM_TIMER_MAX_SECONDS);

export const examInitParams = z.object({ activityId: poolId });
export const examInitBody = z.object({
  user: idSchema,
  /** The group whose exam this is; needed only when two of the learner's groups share the pool. */
  groupId: idSchema.optional(),
  /** The exam's type (1, a quiz) as the original client sent it; not read. */
  type: z.union([z.string().max(32), z.number().int().min(0).max(EXAM_TYPE_MAX)]).optional(),
  testId: idSchema.nullable().optional(),
  /** Not read: the server keeps the time. */
  timer: timerSeconds.optional(),
});

export const examTestParams = z.object({ testId: idSchema });

export const examAnswerInput = z.object({
  /** Zero-based position of the question in the attempt. */
  position: z.number().int().min(0).max(500),
  question: idSchema,
  /** Indexes of the options as shown in this attempt. */
  answerIndex: z.array(z.number().int().min(0).max(50)).min(1).max(20),
  /** When the learner gave it, by the browser's clock: kept for the record, never trusted. */
  answeredAt: z.string().max(40).optional(),
});
export type ExamAnswerInput = z.infer<typeof examAnswerInput>;

/** PUT /examtype1/{testId}: answers not sent yet (in order), and isFinished to send the exam. */
export const examAnswersBody = z.object({
  answers: z.array(examAnswerInput).max(500),
  /** The browser's remaining seconds, for the record. */
  time: timerSeconds.optional(),
  isFinished: z.boolean().optional(),
});

/** PUT /examtype1/data/{testId}: the browser's timer (seconds left), answered with the server's. */
export const examTimerBody = z.object({ timer: timerSeconds.optional() });

export const examUserParams = z.object({ userId: idSchema, poolId });
export const examLookupBody = z.object({ userId: idSchema, poolId });

export const poolParams = z.object({ poolId });
/** GET /qpool/{poolId}: what the information screen shows before the start. */
export const poolSummary = z.object({
  poolId: z.string(),
  name: z.string(),
  durationMinutes: z.number().int(),
  questionCount: z.number().int(),
});
export type PoolSummary = z.infer<typeof poolSummary>;

/**
 * The written answer exam (type 2, SPEC §7 "Written and file exams", issue 13): the exam is the
 * group's option whose subject is `examFile`. Begun on the server when first opened; the draft is
 * saved as the learner types; sent once.
 */
const examFile = z.string().min(1).max(200).refine(noControlCharacters);
/** About 8,000 words: within the API's 64 KB body limit, accents and all. */
export const WRITTEN_ANSWER_MAX = 50_000;
const writtenText = z.string().max(WRITTEN_ANSWER_MAX);

export const writtenExam = z.object({
  _id: idSchema,
  groupId: idSchema,
  examFile: z.string(),
  /** A time-limited address of the subject (a document to read); null when it is not stored. */
  examFileUrl: z.string().nullable(),
  startedAt: z.string(),
  deadline: z.string(),
  serverNow: z.string(),
  remainingMs: z.number().int(),
  durationMinutes: z.number().int(),
  extraMinutes: z.number().int(),
  draft: z.string(),
  draftSavedAt: z.string().nullable(),
  answer: z.string().nullable(),
  sentAt: z.string().nullable(),
  sentBy: z.enum(['learner', 'deadline']).nullable(),
});
export type WrittenExam = z.infer<typeof writtenExam>;

/** POST /examresult/examfile: opens the exam (the begin time is stored on the first call). */
export const writtenOpenBody = z.object({ examFile, groupId: idSchema, userId: idSchema });
/** PUT /examresult/draft: the draft as it stands. */
export const writtenDraftBody = z.object({
  examFile,
  groupId: idSchema,
  userId: idSchema,
  answer: writtenText,
});
export const writtenDraftResponse = z.object({
  draftSavedAt: z.string(),
  deadline: z.string(),
  serverNow: z.string(),
  remainingMs: z.number().int(),
});
/** POST /examresult (SPEC §7): sends the answer. */
export const writtenSendBody = z.object({
  companyId: idSchema,
  groupId: idSchema,
  examFile,
  userId: idSchema,
  answer: writtenText,
});

/** SPEC §3 "Uploaded file": the learner's abstract (exam type 3), one per learner and group. */
export const uploadedFile = z.object({
  id: idSchema,
  name: z.string(),
  createdTime: z.string(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** POST /upload's answer: SPEC §5's 'File uploaded successfully.' and the file stored. */
export const uploadAnswer = z.object({ message: z.string(), file: uploadedFile });
export type UploadAnswer = z.infer<typeof uploadAnswer>;

const groupOrCompanyName = z.string().trim().min(1).max(200);
/** POST /getfile (SPEC §7): the learner's file in their group of that name. */
export const getFileBody = z.object({ companyName: groupOrCompanyName, groupName: groupOrCompanyName });
/** The text fields of POST /upload's multipart body (SPEC §7); the file is the `file` part. */
export const uploadFields = z.object({
  email: z.string().trim().min(3).max(254),
  name: z.string().trim().max(200).optional(),
  groupName: groupOrCompanyName,
  companyName: groupOrCompanyName,
  filename: z.string().trim().max(255).optional(),
});
export type UploadFields = z.infer<typeof uploadFields>;
/** GET /file/delete/{fileId}'s answer. */
export const deleteFileAnswer = z.object({ message: z.string() });
