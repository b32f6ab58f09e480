import { z } from 'zod';
import {
  isMostlyOneCharacter,
  isValidAccountEmail,
  isValidName,
  isValidPassword,
  messages,
  NEEDS,
  normalizeEmail,
} from '@medenglish/shared';

/** Phone numbers as people type them: digits, spaces, dots, dashes, parentheses, a leading +. */
const phonePattern = /^\+?[\d\s().-]{6,30}$/;

export interface DetailsSchemaOptions {
  /** The access code asks for the needs analysis instead of a semester (SPEC §5). */
  needs: boolean;
  /** Addresses the server said are taken (checked on blur). */
  isEmailTaken(email: string): boolean;
  /** Why the server said a password is too easy to guess (checked on blur), or null. */
  passwordProblem?(password: string): string | null;
}

const requiredText = z
  .string()
  .trim()
  .min(1, { error: () => messages.common.required });
const name = requiredText.refine(isValidName, { error: () => messages.names.forbidden });

/** SPEC §5 "Account email", "New password", "Required", with the shared rules and texts. */
export function buildDetailsSchema({ needs, isEmailTaken, passwordProblem }: DetailsSchemaOptions) {
  return z
    .object({
      email: requiredText
        .refine(isValidAccountEmail, { error: () => messages.signup.invalidEmail })
        .refine((email) => !isEmailTaken(normalizeEmail(email)), { error: () => messages.signup.emailTaken }),
      emailConfirm: z.string(),
      password: z
        .string()
        .refine(isValidPassword, { error: () => messages.password.rule })
        // Issue 20: a repeated character is seen here at once; a common password once the server
        // has answered the check made on blur (the server refuses both again on sending).
        .refine((password) => !isMostlyOneCharacter(password), { error: () => messages.password.repeated })
        .superRefine((password, ctx) => {
          const problem = passwordProblem?.(password);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      passwordConfirm: z.string(),
      firstname: name,
      name,
      semester: needs ? z.string() : z.string().min(1, { error: () => messages.common.required }),
      phone: needs
        ? requiredText.regex(phonePattern, { error: () => messages.signup.invalidPhone })
        : z.string(),
      jobTitle: needs ? requiredText : z.string(),
      needs: needs
        ? z.array(z.enum(NEEDS)).min(1, { error: () => messages.signup.needsHelp })
        : z.array(z.enum(NEEDS)),
      consent: z.boolean().refine((v) => v, { error: () => messages.common.required }),
    })
    .superRefine((values, ctx) => {
      if (normalizeEmail(values.emailConfirm) !== normalizeEmail(values.email)) {
        ctx.addIssue({ code: 'custom', path: ['emailConfirm'], message: messages.signup.emailMismatch });
      }
      if (values.passwordConfirm !== values.password) {
        ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: messages.password.mismatch });
      }
    });
}

export type DetailsValues = z.input<ReturnType<typeof buildDetailsSchema>>;

export const emptyDetails = (semester: string): DetailsValues => ({
  email: '',
  emailConfirm: '',
  password: '',
  passwordConfirm: '',
  firstname: '',
  name: '',
  semester,
  phone: '',
  jobTitle: '',
  needs: [],
  consent: false,
});
