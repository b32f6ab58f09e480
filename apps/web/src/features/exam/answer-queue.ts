import type { ExamAnswerInput } from '@medenglish/shared';
import { readJson, removeStorage, storageKeys, writeJson } from '../../lib/storage';

/**
 * The answers of an attempt given but not yet acknowledged by the server, kept on the device
 * (issue 12: "answers given while offline queue in the browser, persisted, so a reload keeps
 * them"), in the order they were given; and whether the 5-minute warning has been shown.
 */
export interface SavedQueue {
  answers: ExamAnswerInput[];
  warned: boolean;
}

const key = (testId: string) => `${storageKeys.examQueuePrefix}${testId}`;

export function readQueue(testId: string): SavedQueue {
  const saved = readJson<Partial<SavedQueue>>(key(testId));
  return {
    answers: Array.isArray(saved?.answers) ? saved.answers : [],
    warned: saved?.warned === true,
  };
}

export function writeQueue(testId: string, queue: SavedQueue): void {
  writeJson(key(testId), queue);
}

export function clearQueue(testId: string): void {
  removeStorage(key(testId));
}

/**
 * The queue against what the server has: answers it acknowledged are dropped; the rest must
 * continue exactly where the server stands (position = answered, answered + 1…), or they were
 * overtaken by another tab or device and cannot count any more.
 */
export function reconcileQueue(queue: readonly ExamAnswerInput[], answered: number): ExamAnswerInput[] {
  const rest = queue.filter((a) => a.position >= answered).sort((a, b) => a.position - b.position);
  return rest.every((a, i) => a.position === answered + i) ? rest : [];
}
