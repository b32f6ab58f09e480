import type { Cmi5LaunchMode } from '@medenglish/shared';

/**
 * Which launch mode (cmi5 10.2.2 launchMode) a launch of an AU gets (decision 0041, which
 * amends 0030):
 *
 * - Normal: the AU is not satisfied in the registration — the learner is judged, and a learner
 *   who failed or has not finished can try again.
 * - Review: the AU is satisfied (moveOn met, or waived). "Revisit already completed material": the
 *   learner looks at it again and the AU judges nothing ("passed" and "completed" are once per
 *   registration anyway, 9.3, so Normal would add only statements to refuse).
 * - Browse: only when the launcher asks for it — "look around without judgement", whether or not
 *   the AU is done (a teacher's preview, or a learner who wants to see a test before taking it).
 *   A request for Review of an AU not yet satisfied opens it in Browse: there is nothing to
 *   review yet, and the learner is still not judged.
 *
 * The launcher asks in POST /xapi/launch/{unitId} {mode} (launchBody); no mode asks Normal.
 *
 * In Browse and Review the AU sends only "initialized" and "terminated" (cmi5-statement-rules.ts
 * refuses the rest) and the unit's result is not touched; moveOn is evaluated in Normal only.
 */
export type { Cmi5LaunchMode };

export function launchModeFor(
  seen: { satisfied: boolean },
  requested: Cmi5LaunchMode = 'Normal',
): Cmi5LaunchMode {
  if (requested === 'Browse') return 'Browse';
  if (seen.satisfied) return 'Review';
  return requested === 'Review' ? 'Browse' : 'Normal';
}
