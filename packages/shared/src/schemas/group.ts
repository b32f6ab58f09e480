import { z } from 'zod';
import { SEMESTER_MAX, SEMESTER_MIN } from '../rules/semesters.js';
import { idSchema } from './common.js';

/** SPEC §3 Group elearningOptions item: one exam or activity planned for the group. */
export const elearningOption = z.object({
  examBegin: z.string().nullable(),
  examEnd: z.string().nullable(),
  modality: z.string().nullable(),
  catchUp: z.boolean(),
  level: z.number().int(),
  examSubject: z.object({ examFile: z.string().nullable() }).nullable(),
  activityId: z.string().nullable(),
  /** 0 none, 1 quiz, 2 written answer, 3 group exam. */
  type: z.number().int().min(0).max(3),
});

export const elearningResource = z.object({
  title: z.string(),
  filename: z.string(),
  thumbnail: z.string().nullable(),
});

export const group = z.object({
  _id: idSchema,
  name: z.string(),
  semester: z.number().int().nullable(),
  company: idSchema,
  level: z.number().int(),
  elearning: z.object({
    elearningDuration: z.number().int().nullable(),
    elearningDurationTarget: z.number().int().nullable(),
    elearningOptions: z.array(elearningOption),
    elearningResources: z.array(elearningResource),
  }),
});
export type Group = z.infer<typeof group>;

export const associateParams = z.object({ companyId: idSchema });
export const associateBody = z.object({
  level: z.number().int().min(1).max(2),
  user: idSchema,
  semester: z.number().int().min(SEMESTER_MIN).max(SEMESTER_MAX),
});

/**
 * GET /group/exam/{userId}: the exams planned in the learner's groups (SPEC §7 group/exam), each
 * with its group, for the dashboard's Exams tab (filtered by the rule of SPEC §5).
 */
export const groupExam = z.object({
  groupId: idSchema,
  groupName: z.string(),
  semester: z.number().int().nullable(),
  exam: elearningOption,
});
export type GroupExam = z.infer<typeof groupExam>;
