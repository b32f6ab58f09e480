import { describe, expect, it } from 'vitest';
import {
  checkCmi5Statement,
  CMI5_CATEGORY,
  CMI5_EXTENSIONS,
  Cmi5Violation,
  moveOnMet,
  MOVEON_CATEGORY,
  type Cmi5SessionState,
} from './cmi5-statement-rules.js';
import { launchModeFor } from './cmi5-launch-mode.js';

const AU = 'urn:medenglish:cmi5:au:0123';
const PUBLISHER = 'https://publisher.example/aus/1';
const base: Cmi5SessionState = {
  sessionId: 'session-1',
  registration: 'a0b1c2d3-0000-4000-8000-000000000001',
  activityId: AU,
  publisherId: PUBLISHER,
  launchMode: 'Normal',
  masteryScore: 0.8,
  preferencesRead: true,
  verbs: ['initialized'],
  ended: null,
  completed: false,
  passed: false,
};

/** A statement of the session, cmi5 defined unless `defined` is false. */
function statement(
  verb: string,
  result?: Record<string, unknown>,
  options: { defined?: boolean; ext?: object } = {},
) {
  const judged = result && ('success' in result || 'completion' in result);
  return {
    id: '0b1c2d3e-0000-4000-8000-000000000001',
    timestamp: '2026-03-02T09:00:00.000Z',
    actor: { objectType: 'Agent', account: { homePage: 'https://lms.example', name: 'u1' } },
    verb: { id: `http://adlnet.gov/expapi/verbs/${verb}` },
    object: { objectType: 'Activity', id: AU },
    ...(result ? { result } : {}),
    context: {
      registration: base.registration,
      contextActivities: {
        grouping: [{ id: PUBLISHER }],
        category:
          options.defined === false
            ? []
            : [{ id: CMI5_CATEGORY }, ...(judged ? [{ id: MOVEON_CATEGORY }] : [])],
      },
      extensions: { [CMI5_EXTENSIONS.sessionId]: 'session-1', ...options.ext },
    },
  };
}
const mastery = { ext: { [CMI5_EXTENSIONS.masteryScore]: 0.8 } };

function violation(run: () => unknown): Cmi5Violation {
  try {
    run();
  } catch (error) {
    if (error instanceof Cmi5Violation) return error;
    throw error;
  }
  throw new Error('no violation');
}

describe('cmi5 statement rules (cmi5 9.3–9.6)', () => {
  it('takes well-formed statements and names the cmi5 verb (null for a cmi5 allowed one)', () => {
    expect(checkCmi5Statement(statement('initialized'), { ...base, verbs: [] })).toBe('initialized');
    const pass = statement('passed', { success: true, score: { scaled: 0.9 }, duration: 'PT1M' }, mastery);
    expect(checkCmi5Statement(pass, base)).toBe('passed');
    expect(checkCmi5Statement(statement('experienced', undefined, { defined: false }), base)).toBeNull();
  });

  it('judges passed and failed against the masteryScore, and wants it in their context', () => {
    const failedHigh = statement(
      'failed',
      { success: false, score: { scaled: 0.8 }, duration: 'PT1M' },
      mastery,
    );
    expect(violation(() => checkCmi5Statement(failedHigh, base))).toMatchObject({
      status: 403,
      message: expect.stringMatching(/at or over the masteryScore/),
    });
    const noMastery = statement('passed', { success: true, score: { scaled: 0.9 }, duration: 'PT1M' });
    expect(violation(() => checkCmi5Statement(noMastery, base)).message).toMatch(/carries the masteryScore/);
    const rawAlone = statement('passed', { success: true, score: { raw: 9 }, duration: 'PT1M' }, mastery);
    expect(violation(() => checkCmi5Statement(rawAlone, base)).message).toMatch(/min and max/);
  });

  it('keeps success, completion and score to the verbs that carry them', () => {
    const terminated = statement('terminated', { success: true, duration: 'PT1M' });
    expect(violation(() => checkCmi5Statement(terminated, base)).message).toMatch(
      /"terminated" has no success/,
    );
    const completedScore = statement('completed', {
      completion: true,
      score: { scaled: 1 },
      duration: 'PT1M',
    });
    expect(violation(() => checkCmi5Statement(completedScore, base)).message).toMatch(/has no score/);
    const passedCompletion = statement(
      'passed',
      { success: true, completion: true, duration: 'PT1M' },
      mastery,
    );
    expect(violation(() => checkCmi5Statement(passedCompletion, base)).message).toMatch(/has no completion/);
    const allowedMoveOn = statement('experienced', undefined, { defined: false });
    allowedMoveOn.context.contextActivities.category = [{ id: MOVEON_CATEGORY }];
    expect(violation(() => checkCmi5Statement(allowedMoveOn, base)).message).toMatch(/only cmi5 defined/);
  });

  it('refuses what is out of order or not allowed now with 403', () => {
    const completed = statement('completed', { completion: true, duration: 'PT1M' });
    const browse = violation(() => checkCmi5Statement(completed, { ...base, launchMode: 'Browse' }));
    expect(browse).toMatchObject({ status: 403, message: expect.stringMatching(/Browse mode/) });
    expect(violation(() => checkCmi5Statement(completed, { ...base, completed: true })).message).toMatch(
      /already completed in this registration/,
    );
    const failed = statement('failed', { success: false, duration: 'PT1M' });
    expect(violation(() => checkCmi5Statement(failed, { ...base, passed: true })).message).toMatch(
      /cannot follow "passed"/,
    );
    expect(
      violation(() => checkCmi5Statement(statement('initialized'), { ...base, ended: 'abandoned' })).status,
    ).toBe(403);
    const otherSession = statement(
      'terminated',
      { duration: 'PT1M' },
      { ext: { [CMI5_EXTENSIONS.sessionId]: 'x' } },
    );
    expect(violation(() => checkCmi5Statement(otherSession, base)).status).toBe(403);
    const satisfied = {
      ...statement('terminated'),
      verb: { id: 'https://w3id.org/xapi/adl/verbs/satisfied' },
    };
    expect(violation(() => checkCmi5Statement(satisfied, base)).message).toMatch(/written by the LMS only/);
  });

  it('decides moveOn from what the registration has seen', () => {
    const none = { completed: false, passed: false };
    const both = { completed: true, passed: true };
    expect(moveOnMet('Passed', { completed: true, passed: false })).toBe(false);
    expect(moveOnMet('Completed', { completed: true, passed: false })).toBe(true);
    expect(moveOnMet('CompletedAndPassed', { completed: true, passed: false })).toBe(false);
    expect(moveOnMet('CompletedAndPassed', both)).toBe(true);
    expect(moveOnMet('CompletedOrPassed', { completed: false, passed: true })).toBe(true);
    expect(moveOnMet('CompletedOrPassed', none)).toBe(false);
    expect(moveOnMet('NotApplicable', none)).toBe(true);
  });
});

describe('launchModeFor (decision 0030)', () => {
  it('opens a satisfied AU in Review, any other in Normal; never Browse', () => {
    expect(launchModeFor({ satisfied: true })).toBe('Review');
    expect(launchModeFor({ satisfied: false })).toBe('Normal');
  });
});
