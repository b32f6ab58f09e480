import { errorCatalogue, type Group, type User } from '@medenglish/shared';
import { useGlobalResults, useProgress } from '../api/results';
import { unitTrackersSeconds, useIdleTracker, useUnitTrackers } from '../api/trackers';
import { useCatalogueToast } from '../components/use-catalogue-toast';
import { quizFigures, studyTimeFigures, type QuizFigures, type StudyTimeFigures } from './results-figures';

/** The learner and the group whose results are shown (the header's current group). */
export interface GroupResultsTarget {
  user: Pick<User, '_id' | 'email'>;
  group: Pick<Group, '_id' | 'elearning'>;
}

/**
 * The study-time card of the dashboard and /elearning/results (SPEC §9), re-evaluated every 30 s with the trackers. The unit tracker
 * failing shows zeros and toast 2701; the idle tracker failing leaves the unit time alone (1401).
 * A refresh that fails after a success keeps the last figures.
 */
export function useStudyTime({ user, group }: GroupResultsTarget): {
  figures: StudyTimeFigures;
  isPending: boolean;
} {
  const units = useUnitTrackers(user._id, group._id);
  const idle = useIdleTracker(user._id, group._id);
  useCatalogueToast(units.isError, errorCatalogue.missingTotalProgress);
  useCatalogueToast(idle.isError, errorCatalogue.missingIdleTracker);
  const figures = studyTimeFigures({
    unitSeconds: units.data ? unitTrackersSeconds(units.data) : null,
    idleSeconds: idle.data?.seconds ?? null,
    elearningDuration: group.elearning.elearningDuration,
    elearningDurationTarget: group.elearning.elearningDurationTarget,
  });
  return { figures, isPending: units.isPending || idle.isPending };
}

/**
 * The success-rate and completion cards from the global results (toast 2301 when they cannot be
 * read). Also keeps the stored progress tracker of the group up to date (SPEC §9 "Progress
 * recomputed when the stored date is missing or differs").
 */
export function useQuizResults({ user, group }: GroupResultsTarget): {
  figures: QuizFigures;
  isPending: boolean;
} {
  const results = useGlobalResults(user._id, user.email, group._id);
  useProgress(user._id, user.email, group._id);
  useCatalogueToast(results.isError, errorCatalogue.missingGlobalResults);
  return { figures: quizFigures(results.data), isPending: results.isPending };
}
