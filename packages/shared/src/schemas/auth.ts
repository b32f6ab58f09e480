import { z } from 'zod';
import { emailInput, idSchema, passwordInput } from './common.js';
import { isValidPassword } from '../rules/password.js';
import { messages } from '../messages/index.js';

export const loginBody = z.object({ email: emailInput, password: passwordInput });
export type LoginBody = z.infer<typeof loginBody>;

/** SPEC §3 Auth data. */
export const authData = z.object({
  token: z.string(),
  refreshToken: z.string(),
  _id: idSchema,
  codeId: idSchema.nullable(),
  testId: idSchema.nullable(),
  testFinish: z.boolean(),
});
export type AuthData = z.infer<typeof authData>;

export const refreshBody = z.object({ email: emailInput, refreshToken: z.string().min(1).max(200) });
export const refreshResponse = z.object({ token: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const logoutBody = z.object({ refreshToken: z.string().min(1).max(200) });

export const forgotPasswordBody = z.object({ email: emailInput });
export const forgotPasswordTypedBody = z.object({
  email: emailInput,
  type: z.literal('student').default('student'),
});

export const newPassword = z
  .string()
  .max(256)
  .refine(isValidPassword, { error: () => messages.password.rule });
export const resetPasswordBody = z.object({
  token: z.string().min(1).max(200),
  password: newPassword,
});

export const confirmationParams = z.object({ a: idSchema, b: z.string().min(1).max(200) });
