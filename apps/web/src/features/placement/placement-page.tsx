import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ErrorCode, errorCatalogue, formatErrorToast, messages, type User } from '@medenglish/shared';
import { refreshGroups } from '../../api/groups';
import { queryKeys } from '../../api/query-keys';
import { LazyFallback } from '../../components/lazy-fallback';
import { useToast } from '../../components/toast';
import { isApiError } from '../../lib/api-error';
import { getSessionInfo } from '../../lib/session';
import { removeStorage, storageKeys } from '../../lib/storage';
import { PlacementIntro } from './placement-intro';
import { PlacementQuestions } from './placement-questions';
import { PlacementResults } from './placement-results';
import {
  clearPlacementSession,
  readPlacementSession,
  writePlacementSession,
  type PlacementSession,
} from './placement-session';
import { TutorialVideos } from './tutorial-videos';
import { placementTestKey, usePlacementTest } from './use-placement-test';

/**
 * SPEC §2 /test: intro, questions, results, three tutorial videos, then the platform. The test
 * itself lives on the server (resumable after a reload, a logout or on another device); this tab
 * only remembers which screen it shows.
 */
export default function PlacementPage() {
  const userId = getSessionInfo()?.userId ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showCatalogueError } = useToast();
  const query = usePlacementTest(userId);
  const [session, setSession] = useState(readPlacementSession);
  const go = useCallback((patch: Partial<PlacementSession>) => setSession(writePlacementSession(patch)), []);

  const test = query.data;
  // 409: the learner has no test to take (exempt, or not required). That is what placementtest
  // false means: say so to the cached user, or the route guards would send the learner back here.
  const notRequired = isApiError(query.error, ErrorCode.CONFLICT);
  const failed = query.isError && !notRequired;

  useEffect(() => {
    if (!notRequired) return;
    removeStorage(storageKeys.inTest);
    queryClient.setQueryData<User>(
      queryKeys.user(userId),
      (user) => user && { ...user, placementtest: false },
    );
  }, [notRequired, queryClient, userId]);

  // SPEC §8 2601 'Missing test data'.
  useEffect(() => {
    if (failed) showCatalogueError(errorCatalogue.missingTest);
  }, [failed, showCatalogueError]);

  // A test finished elsewhere (another device, another tab) shows its results here too.
  const finishedElsewhere =
    Boolean(test?.testFinish) && (session.stage === 'intro' || session.stage === 'questions');
  useEffect(() => {
    if (!finishedElsewhere) return;
    go({ stage: 'results', draft: null });
    void refreshGroups(queryClient, userId);
  }, [finishedElsewhere, go, queryClient, userId]);

  /** The last answer is saved: results, and the guards learn that the test is finished. */
  const finish = useCallback(() => {
    // Written before the user is refreshed: the /test guard lets the results and tutorial show.
    go({ stage: 'results', draft: null });
    removeStorage(storageKeys.inTest);
    queryClient.setQueryData<User>(queryKeys.user(userId), (user) => user && { ...user, testFinish: true });
    void queryClient.invalidateQueries({ queryKey: queryKeys.user(userId) });
    // The server has just placed the learner in a group (issue 10: the newcomer's dead end).
    void refreshGroups(queryClient, userId);
  }, [go, queryClient, userId]);

  const done = () => {
    clearPlacementSession();
    queryClient.removeQueries({ queryKey: placementTestKey(userId) });
    void refreshGroups(queryClient, userId);
    navigate('/dashboard', { replace: true });
  };

  if (notRequired) return <Navigate to="/dashboard" replace />;
  if (failed) {
    return (
      <Box sx={{ maxWidth: 760, mx: 'auto' }}>
        <Alert
          severity="warning"
          action={
            <Button color="inherit" onClick={() => void query.refetch()} sx={{ minHeight: 44 }}>
              {messages.placement.retry}
            </Button>
          }
        >
          {formatErrorToast(errorCatalogue.missingTest.code, errorCatalogue.missingTest.message)}
        </Alert>
      </Box>
    );
  }
  if (!test) return <LazyFallback />;

  // The server says whether the test is finished; the tab only says which screen of that state.
  const stage = test.testFinish
    ? session.stage === 'tutorial'
      ? 'tutorial'
      : 'results'
    : session.stage === 'questions'
      ? 'questions'
      : 'intro';
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', width: '100%', pb: 2 }}>
      {stage === 'intro' && <PlacementIntro test={test} onStart={() => go({ stage: 'questions' })} />}
      {stage === 'questions' && <PlacementQuestions userId={userId} test={test} onFinished={finish} />}
      {stage === 'results' && (
        <PlacementResults
          scores={test.scores}
          level={test.level}
          onContinue={() => go({ stage: 'tutorial', video: 1 })}
        />
      )}
      {stage === 'tutorial' && (
        <TutorialVideos video={session.video} onNext={() => go({ video: session.video + 1 })} onDone={done} />
      )}
    </Box>
  );
}
