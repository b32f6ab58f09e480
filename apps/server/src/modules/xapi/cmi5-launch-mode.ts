/**
 * Which launch mode (cmi5 10.0 launchMode) a launch of an AU gets, from what the learner has
 * done in the registration. Decision 0030: an AU whose moveOn is met (or that was waived) opens
 * in Review — the learner may look at it again, and the AU knows not to judge them (in Review it
 * sends only "initialized" and "terminated", cmi5-statement-rules.ts); any other AU opens in
 * Normal, so a learner who failed or has not finished can try again. Improving a satisfied
 * result is not possible in a registration anyway: "passed" and "completed" are once per
 * registration (9.3). Browse is never chosen: it is for looking before being enrolled, and a
 * learner here only reaches units of their own groups.
 */
export type Cmi5LaunchMode = 'Normal' | 'Browse' | 'Review';

export function launchModeFor(seen: { satisfied: boolean }): Cmi5LaunchMode {
  return seen.satisfied ? 'Review' : 'Normal';
}
