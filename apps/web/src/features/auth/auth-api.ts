import type { AccessCode, AuthData, Language, Need } from '@medenglish/shared';
import { api } from '../../lib/api';

/** The calls of the login page (SPEC §7 Auth service). None of them carries a session. */
const noSession = { auth: false } as const;

export function login(body: { email: string; password: string }): Promise<AuthData> {
  return api.post<AuthData>('/student/login', body, noSession);
}

/** GET /code/name/{code}: 404 INVALID_CODE when the code does not exist or is not a type-2 company's. */
export function lookupAccessCode(code: string): Promise<AccessCode> {
  return api.get<AccessCode>(`/code/name/${encodeURIComponent(code)}`, noSession);
}

export async function isEmailAvailable(email: string): Promise<boolean> {
  const { available } = await api.post<{ available: boolean }>('/student/email', { email }, noSession);
  return available;
}

/** Issue 20: why the server would refuse this new password (common, repeated), or null. */
export async function passwordProblem(password: string): Promise<string | null> {
  const { problem } = await api.post<{ problem: string | null }>('/password/check', { password }, noSession);
  return problem;
}

export interface SignupRequest {
  email: string;
  password: string;
  firstname: string;
  name: string;
  code: string;
  semester?: number;
  phone?: string;
  jobTitle?: string;
  needs?: Need[];
  consent: true;
  language?: Language;
  typeSite: number;
}

export function createAccount(body: SignupRequest): Promise<AuthData> {
  return api.post<AuthData>('/student', body, noSession);
}

/**
 * SPEC §7: POST /auth/forgot_password refuses identity-provider accounts (403 SSO_BLOCKED), then
 * POST /forgotPassword sends the mail.
 */
export async function requestPasswordReset(email: string): Promise<string> {
  await api.post<{ message: string }>('/auth/forgot_password', { email }, noSession);
  const { message } = await api.post<{ message: string }>(
    '/forgotPassword',
    { email, type: 'student' },
    noSession,
  );
  return message;
}

export function resetPassword(token: string, password: string): Promise<{ message: string }> {
  return api.put<{ message: string }>('/resetPassword', { token, password }, noSession);
}

/** POST /confirmation/{userId}/{token}: confirms the address of the confirmation e-mail. */
export async function confirmEmail(userId: string, token: string): Promise<void> {
  await api.post(
    `/confirmation/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`,
    undefined,
    noSession,
  );
}
