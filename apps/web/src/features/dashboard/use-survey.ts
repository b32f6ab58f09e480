import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@medenglish/shared';
import { readJson, storageKeys, writeJson } from '../../lib/storage';
import { markSurveyAnswered, putSurveyOff, surveyQuery } from './dashboard-api';

function laterIds(): string[] {
  const ids = readJson<unknown>(storageKeys.surveyLater, 'session');
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * SPEC §4 survey dialog: shown while the learner is not in usersDone. Answering opens the survey in
 * a new tab and records it (never shown again); "later" puts it off for SURVEY_LATER_DAYS on the
 * server (every device), and for this browser session even if that call fails.
 */
export function useSurvey(user: Pick<User, '_id' | 'semester' | 'company'>) {
  const queryClient = useQueryClient();
  const options = surveyQuery(user._id, user.semester, user.company);
  const { data: survey } = useQuery(options);
  const [closed, setClosed] = useState(false);
  const isOpen =
    !closed &&
    !!survey &&
    !survey.usersDone.includes(user._id) &&
    survey.laterUntil === null &&
    !laterIds().includes(survey._id);

  function answer() {
    if (!survey) return;
    // Opened in the click itself, so that the browser does not take it for a pop-up.
    window.open(survey.surveyLink, '_blank', 'noopener,noreferrer');
    setClosed(true);
    queryClient.setQueryData(options.queryKey, (old) =>
      old ? { ...old, usersDone: [...old.usersDone, user._id] } : old,
    );
    // SPEC §8 "Other failures are silent": the survey is offered again next session if not recorded.
    markSurveyAnswered(survey._id, user._id).catch(() => undefined);
  }

  function later() {
    setClosed(true);
    if (!survey) return;
    writeJson(storageKeys.surveyLater, [...laterIds(), survey._id], 'session');
    putSurveyOff(survey._id)
      .then((updated) => queryClient.setQueryData(options.queryKey, updated))
      .catch(() => undefined); // SPEC §8 "Other failures are silent": the session still keeps it off.
  }

  return { survey, isOpen, answer, later };
}
