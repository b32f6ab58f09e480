/**
 * One error-code enum for the whole API and one code → HTTP status map. The server throws
 * AppError(code, message); the body is { error: { code, message } }; the web app reads the code
 * back, so both sides agree on what a failure means.
 */
export const ErrorCode = {
  VALIDATION: 'VALIDATION',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  REFRESH_INVALID: 'REFRESH_INVALID',
  FORBIDDEN: 'FORBIDDEN',
  COMPANY_BLOCKED: 'COMPANY_BLOCKED',
  SSO_BLOCKED: 'SSO_BLOCKED',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  INVALID_CODE: 'INVALID_CODE',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  /** What trusts an address (the exam provider's match) waits until it is confirmed (issue 32). */
  EMAIL_UNCONFIRMED: 'EMAIL_UNCONFIRMED',
  CONFLICT: 'CONFLICT',
  /** If-Match / If-None-Match did not hold (xAPI documents). */
  PRECONDITION_FAILED: 'PRECONDITION_FAILED',
  RESET_TOKEN_EXPIRED: 'RESET_TOKEN_EXPIRED',
  CONFIRMATION_INVALID: 'CONFIRMATION_INVALID',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  MAINTENANCE: 'MAINTENANCE',
  MAIL_FAILED: 'MAIL_FAILED',
  /** Exams (issue 12): not open yet, closed for this learner, time up (deadline + grace passed). */
  EXAM_NOT_OPEN: 'EXAM_NOT_OPEN',
  EXAM_CLOSED: 'EXAM_CLOSED',
  EXAM_TIME_UP: 'EXAM_TIME_UP',
  /** An upload whose name or content is not an accepted document (issue 13). */
  UNSUPPORTED_FILE: 'UNSUPPORTED_FILE',
  /** A service of another company we call (the external exam provider) did not answer well. */
  PROVIDER_UNAVAILABLE: 'PROVIDER_UNAVAILABLE',
  /** Webinars (issue 15): no place left, already begun (no booking), room not open yet or over. */
  WEBINAR_FULL: 'WEBINAR_FULL',
  WEBINAR_STARTED: 'WEBINAR_STARTED',
  WEBINAR_NOT_OPEN: 'WEBINAR_NOT_OPEN',
  /** The instance sheds load (issue 16): try again shortly, or on another instance. */
  OVERLOADED: 'OVERLOADED',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  REFRESH_INVALID: 401,
  FORBIDDEN: 403,
  COMPANY_BLOCKED: 403,
  SSO_BLOCKED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  INVALID_CODE: 404,
  EMAIL_TAKEN: 409,
  EMAIL_UNCONFIRMED: 403,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  RESET_TOKEN_EXPIRED: 404,
  CONFIRMATION_INVALID: 404,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  MAINTENANCE: 503,
  MAIL_FAILED: 502,
  EXAM_NOT_OPEN: 409,
  EXAM_CLOSED: 409,
  EXAM_TIME_UP: 409,
  UNSUPPORTED_FILE: 415,
  PROVIDER_UNAVAILABLE: 502,
  WEBINAR_FULL: 409,
  WEBINAR_STARTED: 409,
  WEBINAR_NOT_OPEN: 409,
  OVERLOADED: 503,
  INTERNAL: 500,
};

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}
