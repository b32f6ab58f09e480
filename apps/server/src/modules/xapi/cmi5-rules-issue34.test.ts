/**
 * Issue 34, the cmi5 rules: what the cmi5 LMS Test Suite (ADL CATAPULT, "005-1-invalid-au")
 * sends an LMS, statement by statement — every refusal a 403 — and the launch modes of
 * decision 0041.
 */
import { describe, expect, it } from 'vitest';
import {
  checkCmi5Statement,
  CMI5_CATEGORY,
  CMI5_EXTENSIONS,
  Cmi5Violation,
  MOVEON_CATEGORY,
  type Cmi5SessionState,
} from './cmi5-statement-rules.js';
import { launchModeFor } from './cmi5-launch-mode.js';
import { lmsStatement, orderedStatementId } from './cmi5-lms-statements.js';
import { UUID } from './statement-rules.js';

const AU = 'urn:medenglish:cmi5:au:0034';
const PUBLISHER = 'https://publisher.example/aus/34';
const state: Cmi5SessionState = {
  sessionId: 'session-34',
  registration: 'a0b1c2d3-0000-4000-8000-000000000034',
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

type Statement = Record<string, any>;
function statement(verb: string, result?: Record<string, unknown>, extensions: object = {}): Statement {
  const judged = result && ('success' in result || 'completion' in result);
  return {
    id: '0b1c2d3e-0000-4000-8000-000000000034',
    timestamp: '2026-03-02T09:00:00.000Z',
    actor: { objectType: 'Agent', account: { homePage: 'https://lms.example', name: 'u34' } },
    verb: { id: `http://adlnet.gov/expapi/verbs/${verb}` },
    object: { objectType: 'Activity', id: AU },
    ...(result ? { result } : {}),
    context: {
      registration: state.registration,
      contextActivities: {
        grouping: [{ id: PUBLISHER }],
        category: [{ id: CMI5_CATEGORY }, ...(judged ? [{ id: MOVEON_CATEGORY }] : [])],
      },
      extensions: { [CMI5_EXTENSIONS.sessionId]: 'session-34', ...extensions },
    },
  };
}
const allowed = () => {
  const s = statement('experienced');
  s.context.contextActivities.category = [];
  return s;
};
const mastery = { [CMI5_EXTENSIONS.masteryScore]: 0.8 };

function refusal(s: Statement, with_: Partial<Cmi5SessionState> = {}): Cmi5Violation {
  try {
    checkCmi5Statement(s, { ...state, ...with_ });
  } catch (error) {
    if (error instanceof Cmi5Violation) return error;
    throw error;
  }
  throw new Error('the statement was taken');
}

describe('cmi5 rules of issue 34', () => {
  it('takes a "passed" or "failed" without a score, and no masteryScore in its context (9.5.1, 9.6.3.2)', () => {
    expect(checkCmi5Statement(statement('passed', { success: true, duration: 'PT1M' }), state)).toBe(
      'passed',
    );
    expect(checkCmi5Statement(statement('failed', { success: false, duration: 'PT1M' }), state)).toBe(
      'failed',
    );
    // With a score, the masteryScore of LaunchData is required, and must be that one.
    const scored = statement('passed', { success: true, score: { scaled: 0.9 }, duration: 'PT1M' });
    expect(refusal(scored).message).toMatch(/carries the masteryScore 0.8/);
    const wrong = statement(
      'passed',
      { success: true, score: { scaled: 0.9 }, duration: 'PT1M' },
      {
        [CMI5_EXTENSIONS.masteryScore]: 0.5,
      },
    );
    expect(refusal(wrong).status).toBe(403);
    expect(
      checkCmi5Statement(
        statement('passed', { success: true, score: { scaled: 0.9 }, duration: 'PT1M' }, mastery),
        state,
      ),
    ).toBe('passed');
  });

  it('refuses a statement without id, without timestamp or with a timestamp that is not UTC (9.1, 9.7)', () => {
    for (const s of [allowed(), statement('terminated', { duration: 'PT1M' })]) {
      const noId = { ...s, id: undefined };
      expect(refusal(noId)).toMatchObject({ status: 403, message: expect.stringMatching(/no id/) });
      const noTimestamp = { ...s, timestamp: undefined };
      expect(refusal(noTimestamp)).toMatchObject({
        status: 403,
        message: expect.stringMatching(/no timestamp/),
      });
      const local = { ...s, timestamp: '2026-03-02T03:00:00.000-06:00' };
      expect(refusal(local)).toMatchObject({ status: 403, message: expect.stringMatching(/not in UTC/) });
    }
    expect(checkCmi5Statement({ ...allowed(), timestamp: '2026-03-02T09:00:00+00:00' }, state)).toBeNull();
  });

  it('refuses an actor that is a Group, even with the learner account (9.2)', () => {
    const group = statement('passed', { success: true, duration: 'PT1M' });
    group.actor.objectType = 'Group';
    expect(refusal(group)).toMatchObject({ status: 403, message: expect.stringMatching(/an Agent/) });
    const allowedGroup = allowed();
    allowedGroup.actor.objectType = 'Group';
    expect(refusal(allowedGroup).status).toBe(403);
  });

  it('refuses "initialized" before the learner preferences were read (11.0)', () => {
    const fresh = { verbs: [], preferencesRead: false };
    expect(refusal(statement('initialized'), fresh)).toMatchObject({
      status: 403,
      message: expect.stringMatching(/learner preferences/),
    });
    expect(checkCmi5Statement(statement('initialized'), { ...state, verbs: [] })).toBe('initialized');
  });

  it('answers every refusal with 403, the malformed ones too (cmi5 LMS Test Suite 4.2.0.0-2)', () => {
    const noSession = statement('terminated', { duration: 'PT1M' });
    delete noSession.context.extensions[CMI5_EXTENSIONS.sessionId];
    const noDuration = statement('completed', { completion: true });
    const completedSuccess = statement('completed', { completion: true, success: true, duration: 'PT1M' });
    const noMoveOn = statement('completed', { completion: true, duration: 'PT1M' });
    noMoveOn.context.contextActivities.category = [{ id: CMI5_CATEGORY }];
    const rawAlone = statement('passed', { success: true, score: { raw: 9 }, duration: 'PT1M' }, mastery);
    const under = statement('passed', { success: true, score: { scaled: 0.5 }, duration: 'PT1M' }, mastery);
    for (const s of [noSession, noDuration, completedSuccess, noMoveOn, rawAlone, under]) {
      expect(refusal(s).status).toBe(403);
    }
  });

  it('in Browse and Review takes "initialized" and "terminated" only (10.2.2)', () => {
    for (const launchMode of ['Browse', 'Review'] as const) {
      expect(checkCmi5Statement(statement('initialized'), { ...state, launchMode, verbs: [] })).toBe(
        'initialized',
      );
      for (const s of [
        statement('completed', { completion: true, duration: 'PT1M' }),
        statement('passed', { success: true, duration: 'PT1M' }),
        statement('failed', { success: false, duration: 'PT1M' }),
      ]) {
        expect(refusal(s, { launchMode })).toMatchObject({
          status: 403,
          message: expect.stringMatching(new RegExp(`in ${launchMode} mode`)),
        });
      }
      expect(checkCmi5Statement(allowed(), { ...state, launchMode })).toBeNull();
      expect(
        checkCmi5Statement(statement('terminated', { duration: 'PT1M' }), { ...state, launchMode }),
      ).toBe('terminated');
    }
  });
});

describe('launch modes (decision 0041)', () => {
  it('Normal until the AU is satisfied, then Review; Browse when asked for', () => {
    expect(launchModeFor({ satisfied: false })).toBe('Normal');
    expect(launchModeFor({ satisfied: true })).toBe('Review');
    expect(launchModeFor({ satisfied: false }, 'Browse')).toBe('Browse');
    expect(launchModeFor({ satisfied: true }, 'Browse')).toBe('Browse');
    // Nothing to review yet: looked at without judgement.
    expect(launchModeFor({ satisfied: false }, 'Review')).toBe('Browse');
    expect(launchModeFor({ satisfied: true }, 'Review')).toBe('Review');
    // Normal cannot be forced on a satisfied AU: its "passed" / "completed" are once per registration.
    expect(launchModeFor({ satisfied: true }, 'Normal')).toBe('Review');
  });
});

describe('the order of the LMS statements', () => {
  it('gives them UUIDs in the order they are made, so one stored time keeps them in order', () => {
    const ids = Array.from({ length: 5000 }, () => orderedStatementId());
    expect(ids.every((id) => UUID.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // Postgres compares UUIDs byte by byte: the hex strings compare the same way.
    expect([...ids].sort()).toEqual(ids);
    const made = ['abandoned', 'launched'].map((verb) =>
      lmsStatement({
        verb: verb as 'abandoned' | 'launched',
        actor: { objectType: 'Agent', account: { homePage: 'https://lms.example', name: 'u34' } },
        registration: state.registration,
        sessionId: 's',
        object: { id: AU },
        publisherId: PUBLISHER,
        timestamp: new Date('2026-03-02T09:00:00Z'),
      }),
    );
    expect((made[0]!.id as string) < (made[1]!.id as string)).toBe(true);
  });
});
