import type { ReactNode } from 'react';
import { messages } from '@medenglish/shared';
import { ContentUnavailable } from '../../components/content-unavailable';
import { LoadError } from './load-error';
import { useLearnerState, type LearnerContext } from '../../lib/use-learner';

/**
 * Renders an e-learning screen once the learner and their current group are known: its skeleton
 * meanwhile, the content-not-yet-available notice without a group (SPEC §2), an error with a retry
 * when they cannot be read.
 */
export function WithCurrentGroup({
  skeleton,
  children,
}: {
  skeleton: ReactNode;
  children: (context: LearnerContext) => ReactNode;
}) {
  const state = useLearnerState();
  if (state.status === 'loading') return skeleton;
  if (state.status === 'failed')
    return (
      <LoadError message={messages.elearning.loadFailed} retry={state.retry} isRetrying={state.isRetrying} />
    );
  if (state.status === 'no-group') return <ContentUnavailable />;
  return children(state.context);
}
