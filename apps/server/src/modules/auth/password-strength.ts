import { ErrorCode, messages, passwordWeakness } from '@medenglish/shared';
import { commonPasswordLists } from '../../integrations/passwords/common-passwords.js';
import { AppError } from '../../lib/app-error.js';

/** Why a new password is refused beyond SPEC §5's rule (issue 20), in the learner's words. */
export async function passwordProblem(password: string): Promise<string | null> {
  const weakness = passwordWeakness(password, await commonPasswordLists());
  if (weakness === 'repeated') return messages.password.repeated;
  if (weakness === 'common') return messages.password.common;
  return null;
}

/** Refuses a common or repeated password with its reason, on the `password` field. */
export async function assertStrongPassword(password: string): Promise<void> {
  const problem = await passwordProblem(password);
  if (problem) throw new AppError(ErrorCode.VALIDATION, problem, { password: problem });
}
