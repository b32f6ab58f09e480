import type { Json } from './json.js';
/**
 * The cmi5 rules for the statements an AU sends in its session (cmi5 spec, Quartz: 9.1–9.7,
 * 10.2.2, 11.0), as pure functions: the session service feeds them the session's state and
 * applies what they decide. A statement that breaks a rule is refused with its reason (6.3: the
 * LMS SHOULD reject them, and what it does not reject it must void — rejecting keeps the record
 * clean).
 *
 * Every refusal is a 403 Forbidden (issue 34). The spec names no status for a rejected statement
 * (its one "403 Forbidden" is for learner preferences the LMS will not take, 11.0); the cmi5 LMS
 * Test Suite (ADL CATAPULT, written by Rustici) counts a rejection only when it is a 401 or a 403
 * and fails the LMS on any other status ("4.2.0.0-2"), a 400 included. The statement is valid
 * xAPI — what is xAPI-invalid is refused before with a 400 (statement-rules.ts), as the ADL LRS
 * conformance suite wants — it is the cmi5 session that does not allow it.
 */

const ADL = 'http://adlnet.gov/expapi/verbs/';
const ADL_W3ID = 'https://w3id.org/xapi/adl/verbs/';
export const CMI5_VERBS = {
  launched: `${ADL}launched`,
  initialized: `${ADL}initialized`,
  completed: `${ADL}completed`,
  passed: `${ADL}passed`,
  failed: `${ADL}failed`,
  terminated: `${ADL}terminated`,
  abandoned: `${ADL_W3ID}abandoned`,
  waived: `${ADL_W3ID}waived`,
  satisfied: `${ADL_W3ID}satisfied`,
} as const;
export type Cmi5Verb = keyof typeof CMI5_VERBS;
/** The verbs an AU may send as cmi5 defined statements; the others are the LMS's. */
const AU_VERBS: Cmi5Verb[] = ['initialized', 'completed', 'passed', 'failed', 'terminated'];

export const CMI5_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
export const MOVEON_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
const EXT = 'https://w3id.org/xapi/cmi5/context/extensions/';
export const CMI5_EXTENSIONS = {
  sessionId: `${EXT}sessionid`,
  masteryScore: `${EXT}masteryscore`,
  launchMode: `${EXT}launchmode`,
  launchUrl: `${EXT}launchurl`,
  moveOn: `${EXT}moveon`,
  launchParameters: `${EXT}launchparameters`,
} as const;
export const REASON_EXTENSION = 'https://w3id.org/xapi/cmi5/result/extensions/reason';

/** What the rules know of the session and of the AU in the registration, before this statement. */
export interface Cmi5SessionState {
  sessionId: string;
  registration: string;
  /** The AU's LMS activity id and its publisher id (the grouping activity of the template). */
  activityId: string;
  publisherId: string;
  launchMode: 'Normal' | 'Browse' | 'Review';
  masteryScore: number | null;
  /** Whether the AU has read the cmi5LearnerPreferences Agent Profile document in this session (11.0). */
  preferencesRead: boolean;
  /** cmi5 defined verbs already sent in this session. */
  verbs: string[];
  ended: 'terminated' | 'abandoned' | null;
  /** In the registration, across sessions: whether the AU has already been completed / passed. */
  completed: boolean;
  passed: boolean;
}

export class Cmi5Violation extends Error {
  constructor(
    readonly status: 403,
    reason: string,
  ) {
    super(reason);
  }
}
/** A statement the cmi5 rules do not allow in this session: always 403 (see above). */
const refuse = (reason: string) => new Cmi5Violation(403, reason);
const malformed = refuse;
const notAllowed = refuse;

/** 9.7: a timestamp in UTC — "Z", or a zero offset. */
const UTC_TIMESTAMP = /(?:Z|[+-]00(?::?00)?)$/i;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const ids = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter(isObject).map((a) => String(a.id)) : [];

/** The cmi5 verb name of a verb id, or null. */
export function cmi5VerbOf(verbId: string): Cmi5Verb | null {
  const found = Object.entries(CMI5_VERBS).find(([, id]) => id === verbId);
  return found ? (found[0] as Cmi5Verb) : null;
}

/**
 * Checks one statement of the AU against the session, and answers the cmi5 defined verb it
 * records (null for a cmi5 allowed statement). Throws a Cmi5Violation with the reason.
 */
export function checkCmi5Statement(statement: Json, state: Cmi5SessionState): Cmi5Verb | null {
  const context = isObject(statement.context) ? statement.context : {};
  const activities = isObject(context.contextActivities) ? context.contextActivities : {};
  const category = ids(activities.category);
  const extensions = isObject(context.extensions) ? context.extensions : {};
  const defined = category.includes(CMI5_CATEGORY);
  const verbId = String((statement.verb as Json).id);

  // 9.3.6, 9.3.8: nothing after "terminated" or "abandoned".
  if (state.ended) throw notAllowed(`the session has ended (${state.ended}): no statement may follow`);
  // 9.1: the AU assigns the id of every statement it issues (the LRS would make one up otherwise).
  if (typeof statement.id !== 'string') throw malformed('the statement has no id (cmi5 9.1)');
  // 9.7: every statement carries a timestamp, in UTC.
  if (typeof statement.timestamp !== 'string') throw malformed('the statement has no timestamp (cmi5 9.7)');
  if (!UTC_TIMESTAMP.test(statement.timestamp)) {
    throw malformed('the timestamp is not in UTC (cmi5 9.7): end it with "Z"');
  }
  // 9.2: the actor is the launch actor, an Agent (never a Group, even with the learner's account).
  const actor = isObject(statement.actor) ? statement.actor : {};
  if ((actor.objectType ?? 'Agent') !== 'Agent') throw malformed('the actor must be an Agent (cmi5 9.2)');
  // 9.6, 10.2.1: every statement of the session carries the context template.
  const sessionId = extensions[CMI5_EXTENSIONS.sessionId];
  if (sessionId === undefined) {
    throw malformed('the context has no session id extension (the contextTemplate of LMS.LaunchData)');
  }
  if (sessionId !== state.sessionId) throw notAllowed('the session id is not the one of this launch');
  if (context.registration !== state.registration) {
    throw malformed('context.registration must be the registration of the launch');
  }
  if (!ids(activities.grouping).includes(state.publisherId)) {
    throw malformed(
      "contextActivities.grouping must hold the AU's publisher id activity (the contextTemplate)",
    );
  }
  // 9.3: initialized first, of any kind of statement.
  const initialized = state.verbs.includes('initialized');
  if (!initialized && verbId !== CMI5_VERBS.initialized) {
    throw notAllowed('the first statement of a session must be "initialized"');
  }
  const result = isObject(statement.result) ? statement.result : undefined;
  const hasMoveOnCategory = category.includes(MOVEON_CATEGORY);
  if (!defined) {
    if (hasMoveOnCategory) throw malformed('only cmi5 defined statements carry the moveon category');
    return null;
  }

  const verb = cmi5VerbOf(verbId);
  if (!verb)
    throw malformed(`${verbId} is not a cmi5 verb: without the cmi5 category it is a cmi5 allowed statement`);
  if (!AU_VERBS.includes(verb)) throw notAllowed(`"${verb}" statements are written by the LMS only`);
  const object = statement.object as Json;
  if (object.id !== state.activityId)
    throw malformed('the object of a cmi5 defined statement is the AU (activityId)');
  if (!isObject(statement.actor) || !isObject((statement.actor as Json).account)) {
    throw malformed('the actor is the launch actor, an Agent with an account');
  }
  if (state.verbs.includes(verb)) throw notAllowed(`"${verb}" was already sent in this session`);
  // 11.0: "The AU MUST retrieve the Learner Preferences document from the Agent Profile on
  // startup" — before it says it is initialized (cmi5 LMS Test Suite "11.0.0.0-3").
  if (verb === 'initialized' && !state.preferencesRead) {
    throw notAllowed('"initialized" before the learner preferences (cmi5LearnerPreferences) were read');
  }

  // 10.2.2: in Browse and Review the AU sends "initialized" and "terminated" only.
  const judged = verb === 'passed' || verb === 'failed' || verb === 'completed';
  if (judged && state.launchMode !== 'Normal') {
    throw notAllowed(`in ${state.launchMode} mode an AU sends only "initialized" and "terminated"`);
  }
  if ((verb === 'passed' || verb === 'failed') && state.verbs.some((v) => v === 'passed' || v === 'failed')) {
    throw notAllowed('only one of "passed" and "failed" per session');
  }
  if (verb === 'completed' && state.completed)
    throw notAllowed('the AU is already completed in this registration');
  if (verb === 'passed' && state.passed) throw notAllowed('the AU is already passed in this registration');
  if (verb === 'failed' && state.passed)
    throw notAllowed('"failed" cannot follow "passed" in a registration');

  checkResult(verb, result, extensions, state.masteryScore);
  const judgedResult = result !== undefined && ('success' in result || 'completion' in result);
  if (judgedResult !== hasMoveOnCategory) {
    throw malformed(
      judgedResult
        ? 'a statement with success or completion carries the moveon category'
        : 'only statements with success or completion carry the moveon category',
    );
  }
  return verb;
}

/** 9.5: which result properties each verb must, and must not, carry. */
function checkResult(
  verb: Cmi5Verb,
  result: Json | undefined,
  extensions: Json,
  masteryScore: number | null,
) {
  const has = (name: string) => result !== undefined && name in result;
  const score = isObject(result?.score) ? result.score : undefined;
  if (verb !== 'passed' && verb !== 'failed' && has('score')) throw malformed(`"${verb}" has no score`);
  if (verb !== 'passed' && verb !== 'failed' && has('success')) throw malformed(`"${verb}" has no success`);
  if (verb !== 'completed' && has('completion')) throw malformed(`"${verb}" has no completion`);
  if (verb === 'completed' && result?.completion !== true)
    throw malformed('"completed" needs result.completion true');
  if (verb === 'passed' && result?.success !== true) throw malformed('"passed" needs result.success true');
  if (verb === 'failed' && result?.success !== false) throw malformed('"failed" needs result.success false');
  if (verb !== 'initialized' && !has('duration')) throw malformed(`"${verb}" needs result.duration`);
  if (verb === 'passed' || verb === 'failed') {
    if (score && 'raw' in score && !('min' in score && 'max' in score)) {
      throw malformed('a raw score comes with its min and max');
    }
    if (masteryScore !== null && typeof score?.scaled === 'number') {
      if (verb === 'passed' && score.scaled < masteryScore) {
        throw malformed(`"passed" with a scaled score under the masteryScore ${masteryScore}`);
      }
      if (verb === 'failed' && score.scaled >= masteryScore) {
        throw malformed(`"failed" with a scaled score at or over the masteryScore ${masteryScore}`);
      }
    }
    // 9.6.3.2: the masteryScore is in the context of a passed / failed "based on the
    // masteryScore" — one with a score (9.5.1: a score, if reported, is judged against it). A
    // passed or failed without a score is the AU's own judgement and needs none (issue 34); one
    // that names a masteryScore names the LMS's.
    const sentMastery = extensions[CMI5_EXTENSIONS.masteryScore];
    if (masteryScore !== null && score !== undefined && sentMastery !== masteryScore) {
      throw malformed(`"${verb}" carries the masteryScore ${masteryScore} of LMS.LaunchData in its context`);
    }
    if (sentMastery !== undefined && sentMastery !== masteryScore) {
      throw malformed(`the masteryScore in the context is not the one of LMS.LaunchData`);
    }
  }
}

/** cmi5 moveOn (13.1.4): whether the AU is done, from what the registration has seen. */
export function moveOnMet(moveOn: string, seen: { completed: boolean; passed: boolean }): boolean {
  switch (moveOn) {
    case 'Passed':
      return seen.passed;
    case 'Completed':
      return seen.completed;
    case 'CompletedAndPassed':
      return seen.completed && seen.passed;
    case 'CompletedOrPassed':
      return seen.completed || seen.passed;
    default:
      return true; // NotApplicable: met from the registration on (9.6.1).
  }
}
