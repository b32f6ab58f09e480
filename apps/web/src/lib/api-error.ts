import { messages, type ErrorCode } from '@medenglish/shared';

/** Not an API code: the request never got an answer. */
export const NETWORK_FAILURE = 'NETWORK_FAILURE';
export type ApiErrorCode = ErrorCode | typeof NETWORK_FAILURE;

/** A failed call, read back from the server's `{ error: { code, message, fields? } }` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** SPEC §8: network failures read 'Response is undefined.' */
export function networkFailure(): ApiError {
  return new ApiError(0, NETWORK_FAILURE, messages.common.networkFailure);
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** The text to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return messages.common.serverError;
}
