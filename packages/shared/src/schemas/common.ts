import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../rules/email.js';
import { PASSWORD_MAX_LENGTH } from '../rules/password.js';

/** Ids are UUIDs rendered as strings (DESIGN "Conventions"). */
export const idSchema = z.uuid();
export const idParams = z.object({ id: idSchema });
export const userIdParams = z.object({ userId: idSchema });

/** No text field of this API takes control characters (a NUL byte cannot even be stored). */
export const noControlCharacters = (value: string) =>
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value);

/** Any e-mail typed by a person: trimmed and lower-cased, length-capped before any rule. */
export const emailInput = z
  .string()
  .max(EMAIL_MAX_LENGTH + 64)
  .refine(noControlCharacters)
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.string().min(1).max(EMAIL_MAX_LENGTH));

/** A password as typed; the strength rule applies only where a new password is chosen. */
export const passwordInput = z.string().min(1).max(PASSWORD_MAX_LENGTH);

export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const messageResponse = z.object({ message: z.string() });

export const errorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
