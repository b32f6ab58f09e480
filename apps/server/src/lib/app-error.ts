import { ErrorCode, errorStatus, messages } from '@medenglish/shared';

/** The one error type services throw; the error handler turns it into `{ error: {...} }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}

export const forbidden = () => new AppError(ErrorCode.FORBIDDEN, messages.common.forbidden);
export const notFound = (message: string = messages.common.notFound) =>
  new AppError(ErrorCode.NOT_FOUND, message);
export const unauthenticated = () => new AppError(ErrorCode.UNAUTHENTICATED, messages.common.unauthenticated);

/** PostgreSQL unique_violation, raised when two requests race for the same unique value. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
