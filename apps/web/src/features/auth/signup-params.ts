import { readStorage, storageKeys, writeStorage } from '../../lib/storage';

export interface SignupParams {
  code: string;
  semester: string | null;
}

/**
 * SPEC §2: ?code= and ?sem= pre-fill the access code and the semester and are kept for the
 * session, so that they survive a detour through the login form or a reload.
 */
export function rememberSignupParams(params: URLSearchParams): SignupParams {
  const code = params.get('code')?.trim();
  const semester = params.get('sem')?.trim();
  if (code) writeStorage(storageKeys.signupCode, code, 'session');
  if (semester) writeStorage(storageKeys.signupSemester, semester, 'session');
  return {
    code: readStorage(storageKeys.signupCode, 'session') ?? '',
    semester: readStorage(storageKeys.signupSemester, 'session'),
  };
}
