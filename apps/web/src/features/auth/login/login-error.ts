import { ErrorCode, messages } from '@medenglish/shared';
import { isApiError } from '../../../lib/api-error';

export interface LoginErrorText {
  title: string;
  detail?: string;
}

/**
 * What the login form says about a failure: the server's own message (company blocked, maintenance
 * with its dates, rate limit, SSO-only address…), and for wrong credentials the two texts of SPEC §8.
 */
export function describeLoginError(error: unknown): LoginErrorText {
  if (isApiError(error, ErrorCode.INVALID_CREDENTIALS)) {
    return { title: messages.login.invalidCredentials, detail: messages.login.loginFailed };
  }
  if (isApiError(error)) return { title: error.message };
  return { title: messages.login.loginFailed };
}
