import { z } from 'zod';
import { emailInput, idSchema, passwordInput } from './common.js';
import { isValidAccountEmail } from '../rules/email.js';
import { isValidName, NAME_MAX_LENGTH } from '../rules/names.js';
import { NEEDS } from '../rules/needs.js';
import { SEMESTER_MAX, SEMESTER_MIN } from '../rules/semesters.js';
import { isValidPassword } from '../rules/password.js';
import { ROLES, TYPE_SITE } from '../constants.js';
import { LANGUAGES, messages } from '../messages/index.js';

export const semesterSchema = z.number().int().min(SEMESTER_MIN).max(SEMESTER_MAX);
export const needSchema = z.enum(NEEDS);

/** SPEC §3 User, as the API shows it (never the password hash). */
export const user = z.object({
  _id: idSchema,
  email: z.string(),
  firstname: z.string(),
  name: z.string(),
  type: z.number().int(),
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  needs: z.record(z.string(), z.boolean()),
  semester: z.number().int().nullable(),
  catchUp: z.array(z.number().int()),
  company: idSchema,
  code: idSchema.nullable(),
  placementtest: z.boolean(),
  additionalTime: z.number().int(),
  additionalTimeOnce: z.number().int(),
  testFinish: z.boolean(),
  isVerified: z.boolean(),
  evaluoId: z.string().nullable(),
  /** The interface language the learner chose (French unless they picked English). */
  language: z.enum(LANGUAGES),
  /** What the account may do (issue 11): learners, and the staff roles of the back-office. */
  role: z.enum(ROLES),
});
export type User = z.infer<typeof user>;

const nameField = z
  .string()
  .trim()
  .min(1, { error: () => messages.common.required })
  .max(NAME_MAX_LENGTH);

/** A first or last name as SPEC §5 "Name edit" allows it: sign-up, school sign-up, the profile. */
export const personName = nameField.refine(isValidName, { error: () => messages.names.forbidden });

/**
 * POST /student: the details form of SPEC §5. Semester is required unless the code asks for the
 * needs analysis, in which case phone, job title and at least one need are required instead.
 */
export const signupBody = z
  .object({
    email: emailInput.refine(isValidAccountEmail, { error: () => messages.signup.invalidEmail }),
    password: z
      .string()
      .max(256)
      .refine(isValidPassword, { error: () => messages.password.rule }),
    firstname: personName,
    name: personName,
    code: z.string().trim().min(1).max(64),
    semester: semesterSchema.optional(),
    phone: z.string().trim().min(6).max(30).optional(),
    jobTitle: z.string().trim().min(1).max(120).optional(),
    needs: z.array(needSchema).max(NEEDS.length).optional(),
    consent: z.literal(true),
    /** The language the visitor was reading the sign-up form in: the new account keeps it. */
    language: z.enum(LANGUAGES).optional(),
    typeSite: z.literal(TYPE_SITE),
  })
  .strict();
export type SignupBody = z.infer<typeof signupBody>;

export const emailCheckBody = z.object({ email: emailInput });
export const emailCheckResponse = z.object({ available: z.boolean() });
/**
 * POST /api/password/check (issue 20): the sign-up and reset forms ask, before sending, whether
 * the password is one attackers try first; `problem` says why in the learner's language.
 */
export const passwordCheckBody = z.object({ password: z.string().min(1).max(256) }).strict();
export const passwordCheckResponse = z.object({ problem: z.string().nullable() });

export const namesBody = z
  .object({
    firstname: nameField.refine(isValidName, { error: () => messages.names.forbidden }).optional(),
    name: nameField.refine(isValidName, { error: () => messages.names.forbidden }).optional(),
  })
  .strict()
  .refine((b) => b.firstname !== undefined || b.name !== undefined, {
    error: () => messages.common.required,
  });

/** PUT /student/language/{id}: the learner's interface language, remembered on the server. */
export const languageBody = z.object({ language: z.enum(LANGUAGES) }).strict();
export const languageResponse = z.object({ language: z.enum(LANGUAGES) });

export const sendNewMailBody = z.object({}).strict().optional();

export { passwordInput };
