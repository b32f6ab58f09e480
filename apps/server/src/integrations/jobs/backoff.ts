/**
 * When a failed job runs again: 5 s after the first failure, doubling each time, never more than
 * an hour apart — so a mail server down for a night is retried about hourly until it is back.
 * Pure, so the schedule is tested on its own.
 */
export const BACKOFF_FIRST_MS = 5_000;
export const BACKOFF_MAX_MS = 60 * 60 * 1000;

export function retryDelayMs(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.min(exponent, 30));
}
