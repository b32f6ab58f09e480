import { z } from 'zod';
import { idSchema, isoDay, noControlCharacters } from './common.js';

/** SPEC §3 Company. */
export const company = z.object({
  _id: idSchema,
  name: z.string(),
  type: z.number().int(),
  isCompany: z.boolean(),
  activatedEvaluo: z.boolean(),
  loginBlocked: z.boolean(),
  idGroups: z.array(z.object({ _id: idSchema, semester: z.number().int().nullable() })),
});
export type Company = z.infer<typeof company>;

export const semesterDates = z.object({
  semester: z.number().int(),
  beginDate: isoDay,
  endDate: isoDay,
  catchUpDate: isoDay.nullable(),
});

/** SPEC §3 Company data. */
export const companyData = z.object({
  _id: idSchema,
  company: idSchema,
  semesters: z.array(semesterDates),
});
export type CompanyData = z.infer<typeof companyData>;

export const codeParams = z.object({ code: z.string().trim().min(1).max(64).refine(noControlCharacters) });

/**
 * SPEC §3 Access code, plus what the sign-up form needs before the learner has an account
 * (company name and kind, the semesters that can be chosen): the company's own data stays
 * behind authentication.
 */
export const accessCode = z.object({
  _id: idSchema,
  company: idSchema,
  needs: z.boolean(),
  placementtest: z.boolean(),
  companyName: z.string(),
  isCompany: z.boolean(),
  semesters: z.array(z.number().int()),
});
export type AccessCode = z.infer<typeof accessCode>;
