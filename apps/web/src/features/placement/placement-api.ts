import type { AnswerInput, PlacementProgress, PlacementTest } from '@medenglish/shared';
import { api } from '../../lib/api';

/** The placement test model every learner takes. */
export const PLACEMENT_MODEL_ID = 'placement-v1';

/**
 * POST /api/test/init/{testModelId}: creates the learner's test on the first call and returns the
 * same test, with the answers saved so far, afterwards (SPEC §4 resumption). 409 CONFLICT when
 * the learner has no test to take.
 */
export function initPlacementTest(userId: string, signal?: AbortSignal): Promise<PlacementTest> {
  return api.post<PlacementTest>(
    `/test/init/${PLACEMENT_MODEL_ID}`,
    { user: userId, type: 'placement' },
    { signal },
  );
}

/**
 * A save that has not answered by then is abandoned and offered again: a phone on a dying
 * connection can otherwise wait for minutes. Trying again is safe, since the server ignores an
 * answer it already has.
 */
export const SAVE_TIMEOUT_MS = 20_000;

/**
 * PUT /api/test/{testId}. SPEC §4: "submit pushes the answer and sends all answers so far"; the
 * server ignores the answers it already has. The last answer finishes the test.
 */
export function saveAnswers(
  testId: string,
  answers: AnswerInput[],
  signal: AbortSignal = AbortSignal.timeout(SAVE_TIMEOUT_MS),
): Promise<PlacementProgress> {
  return api.put<PlacementProgress>(`/test/${encodeURIComponent(testId)}`, { answers }, { signal });
}

export interface AudioPlay {
  media: string;
  plays: number;
  remaining: number;
}

/**
 * PUT /api/test/{testId}/audio: counts one listen, once a play has reached its end or an unfinished
 * play is started again (components/questions/audio-listens.ts); 409 once both are spent.
 */
export function recordAudioPlay(testId: string, media: string): Promise<AudioPlay> {
  return api.put<AudioPlay>(`/test/${encodeURIComponent(testId)}/audio`, { media });
}
