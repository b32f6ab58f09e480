import { useMemo } from 'react';
import type { Company } from '@medenglish/shared';
import { useCompany } from '../../api/company';
import { useDisplayDay } from '../../api/time';
import { useLearnerState, type LearnerContext, type LearnerState } from '../../lib/use-learner';

/** What every dashboard card may need: the learner, their company, the group chosen in the header. */
export interface DashboardContext extends LearnerContext {
  company: Company | undefined;
  /**
   * The day to show: the server's (SPEC §9: "today" is the server's), undefined until GET /time
   * answers; the browser's day in the display time zone while that call fails (display only).
   */
  today: string | undefined;
  timeZone: string;
}

export type DashboardState =
  Exclude<LearnerState, { status: 'ready' }> | { status: 'ready'; context: DashboardContext };

/** The learner's state (lib/use-learner.ts) with, once ready, their company and the day to show. */
export function useDashboardState(): DashboardState {
  const state = useLearnerState();
  const learner = state.status === 'ready' ? state.context : null;
  const { data: company } = useCompany(learner?.user.company);
  const { today, timeZone } = useDisplayDay();
  // One object while nothing in it changes, so the cards below do not draw again for nothing.
  const context = useMemo(
    () => (learner ? { ...learner, company, today, timeZone } : null),
    [learner, company, today, timeZone],
  );
  if (state.status !== 'ready') return state;
  // Never null once the learner is ready; the check only tells the type checker so.
  return context ? { status: 'ready', context } : { status: 'loading' };
}
