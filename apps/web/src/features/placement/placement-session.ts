import { readJson, removeStorage, storageKeys, writeJson } from '../../lib/storage';

/** The screens of /test, in order (SPEC §2: intro, questions, results, tutorial). */
export type PlacementStage = 'intro' | 'questions' | 'results' | 'tutorial';

/** An answer being built for `question`, kept until the server has it (nothing lost on reload). */
export interface PlacementDraft {
  question: string;
  selection: number[];
}

/**
 * What this tab remembers of the test (sessionStorage): the screen, the current question index
 * (SPEC §4 "current index kept locally"; the count of answers from the server wins on load), the
 * tutorial video, the unsaved answer, and where each recording's unfinished play stopped (seconds:
 * it goes on from there, as the same listen, components/questions/audio-listens.ts).
 */
export interface PlacementSession {
  stage: PlacementStage;
  index: number;
  video: number;
  draft: PlacementDraft | null;
  audioStops: Record<string, number>;
}

const stages: readonly PlacementStage[] = ['intro', 'questions', 'results', 'tutorial'];
const initial: PlacementSession = { stage: 'intro', index: 0, video: 1, draft: null, audioStops: {} };

function readStops(value: unknown): Record<string, number> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, number] => Number.isFinite(entry[1]) && entry[1] >= 0,
    ),
  );
}

export function readPlacementSession(): PlacementSession {
  const stored = readJson<Partial<PlacementSession>>(storageKeys.placement, 'session');
  if (!stored || typeof stored !== 'object') return initial;
  return {
    stage: stages.includes(stored.stage as PlacementStage) ? (stored.stage as PlacementStage) : 'intro',
    index: Number.isInteger(stored.index) ? stored.index! : 0,
    video: Number.isInteger(stored.video) ? stored.video! : 1,
    draft:
      stored.draft && typeof stored.draft.question === 'string' && Array.isArray(stored.draft.selection)
        ? stored.draft
        : null,
    audioStops: readStops(stored.audioStops),
  };
}

export function writePlacementSession(patch: Partial<PlacementSession>): PlacementSession {
  const next = { ...readPlacementSession(), ...patch };
  writeJson(storageKeys.placement, next, 'session');
  return next;
}

/**
 * True while the results or the tutorial of a test finished in this tab are showing: /test then
 * stays open although the learner's test is finished (SPEC §2 redirect).
 */
export function isShowingPlacementOutro(): boolean {
  const { stage } = readPlacementSession();
  return stage === 'results' || stage === 'tutorial';
}

/** 'Accéder à la plateforme': forget the test's local state (SPEC §4 "clear test"). */
export function clearPlacementSession(): void {
  removeStorage(storageKeys.placement, 'session');
  removeStorage(storageKeys.inTest);
}
