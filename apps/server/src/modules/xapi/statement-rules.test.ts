import { describe, expect, it } from 'vitest';
import {
  agentKey,
  isTimestamp,
  normalizeStatement,
  parseTimestamp,
  relatedActivities,
  StatementError,
  validateStatement,
} from './statement-rules.js';

const valid = () => ({
  actor: { objectType: 'Agent', name: 'Camille Martin', mbox: 'mailto:camille@example.org' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
  object: {
    id: 'https://medenglish.example/xapi/activities/patient-history/opening',
    objectType: 'Activity',
  },
  result: { completion: true, score: { raw: 9, min: 0, max: 12, scaled: 0.75 } },
  context: { registration: '6f2c2f6e-3b7a-4c1e-9d55-0f1f6a9b2c3d' },
  timestamp: '2026-11-22T10:00:00.000Z',
});

const reason = (statement: unknown) => {
  try {
    validateStatement(statement);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(StatementError);
    return (error as Error).message;
  }
};

describe('xAPI 1.0.3 statement validation', () => {
  it('accepts ISO 8601 durations, weeks alone included', () => {
    for (const duration of ['P4W', 'P1.5W', 'PT1.5S', 'P1Y2M3DT4H5M6S']) {
      expect(reason({ ...valid(), result: { duration } })).toBeNull();
    }
  });

  it('accepts a complete statement, a group actor and a sub-statement', () => {
    expect(reason(valid())).toBeNull();
    expect(
      reason({ ...valid(), actor: { objectType: 'Group', member: [{ mbox: 'mailto:a@example.org' }] } }),
    ).toBeNull();
    expect(
      reason({
        ...valid(),
        object: {
          objectType: 'SubStatement',
          actor: valid().actor,
          verb: valid().verb,
          object: valid().object,
        },
      }),
    ).toBeNull();
  });

  it.each([
    ['a missing actor', (s: any) => delete s.actor, 'statement.actor: is required'],
    ['an agent with two identifiers', (s: any) => (s.actor.openid = 'http://id.example/x'), 'exactly one of'],
    [
      'an mbox without mailto:',
      (s: any) => (s.actor.mbox = 'camille@example.org'),
      "statement.actor.mbox: must be a 'mailto:' IRI",
    ],
    [
      'a verb id that is not an IRI',
      (s: any) => (s.verb.id = 'completed'),
      'statement.verb.id: must be an absolute IRI',
    ],
    [
      'a display that is not a language map',
      (s: any) => (s.verb.display = { 'not a tag!': 'x' }),
      'RFC 5646',
    ],
    ['an unknown property', (s: any) => (s.colour = 'blue'), 'statement.colour: is not a property'],
    ['a scaled score above 1', (s: any) => (s.result.score.scaled = 1.5), 'between -1 and 1'],
    ['a raw score above max', (s: any) => (s.result.score.raw = 13), 'must not be above max'],
    ['a registration that is not a UUID', (s: any) => (s.context.registration = 'abc'), 'must be a UUID'],
    ['a -00:00 offset', (s: any) => (s.timestamp = '2026-11-22T10:00:00-00:00'), 'time zone'],
    ['a duration that is not ISO 8601', (s: any) => (s.result.duration = '5 minutes'), 'ISO 8601 duration'],
    ['weeks mixed with days', (s: any) => (s.result.duration = 'P4W1D'), 'ISO 8601 duration'],
    ['weeks mixed with hours', (s: any) => (s.result.duration = 'P1WT1H'), 'ISO 8601 duration'],
    [
      'a voiding statement about an activity',
      (s: any) => (s.verb.id = 'http://adlnet.gov/expapi/verbs/voided'),
      'StatementRef',
    ],
    ['an anonymous group without members', (s: any) => (s.actor = { objectType: 'Group' }), 'members'],
    [
      'platform with an agent object',
      (s: any) => {
        s.object = { objectType: 'Agent', mbox: 'mailto:b@example.org' };
        s.context.platform = 'web';
      },
      'only when the object is an Activity',
    ],
    [
      'a nested sub-statement',
      (s: any) => {
        const inner = { objectType: 'SubStatement', actor: s.actor, verb: s.verb, object: s.object };
        s.object = { objectType: 'SubStatement', actor: s.actor, verb: s.verb, object: inner };
      },
      'cannot contain another SubStatement',
    ],
    ['an empty language map', (s: any) => (s.verb.display = {}), 'at least one entry'],
    [
      'a repeated singleton in a language tag',
      (s: any) => (s.verb.display = { 'ar-a-aaa-b-bbb-a-ccc': 'x' }),
      'RFC 5646',
    ],
    ['a language tag with two regions', (s: any) => (s.verb.display = { 'ase-GB-US': 'x' }), 'RFC 5646'],
    [
      'an empty contextActivities',
      (s: any) => (s.context.contextActivities = {}),
      'parent, grouping, category or other',
    ],
    [
      'revision with a statement reference object',
      (s: any) => {
        s.object = { objectType: 'StatementRef', id: '6f2c2f6e-3b7a-4c1e-9d55-0f1f6a9b2c3d' };
        s.context.revision = '2';
      },
      'only when the object is an Activity',
    ],
    [
      'a response pattern without an interaction type',
      (s: any) => (s.object.definition = { correctResponsesPattern: ['a'] }),
      'needs an interactionType',
    ],
    [
      'a group authority with one member',
      (s: any) => (s.authority = { objectType: 'Group', member: [{ mbox: 'mailto:a@example.org' }] }),
      'exactly two Agent members',
    ],
    [
      'choices without an interaction type',
      (s: any) => (s.object.definition = { choices: [{ id: 'a' }] }),
      'needs an interactionType',
    ],
  ])('refuses %s, saying why', (_label, change, expected) => {
    const statement = valid();
    change(statement);
    expect(reason(statement)).toContain(expected);
  });

  it('keeps valid language tags, and normalises context activities to arrays', () => {
    for (const tag of [
      'en',
      'en-GB',
      'zh-Hant',
      'sr-Latn-RS',
      'de-CH-1901',
      'x-whatever',
      'es-419',
      'i-enochian',
    ]) {
      expect(
        reason({ ...valid(), verb: { ...valid().verb, display: { [tag]: 'completed' } } }),
        tag,
      ).toBeNull();
    }
    const statement = {
      ...valid(),
      context: { contextActivities: { parent: { id: 'https://x.example/course' } } },
    };
    expect(normalizeStatement(statement).context).toEqual({
      contextActivities: { parent: [{ id: 'https://x.example/course' }] },
    });
  });

  it('reads timestamps, agent keys and related activities', () => {
    expect(isTimestamp('2026-11-22T10:00:00+01:00')).toBe(true);
    // Without a zone the time is read as UTC (a zone SHOULD be given, -00:00 MUST NOT).
    expect(isTimestamp('2026-11-22T10:00:00')).toBe(true);
    expect(parseTimestamp('2026-11-22T10:00:00').toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(isTimestamp('2026-13-40T10:00:00Z')).toBe(false);
    expect(agentKey({ mbox: 'mailto:Camille@Example.org' })).toBe('mbox:mailto:camille@example.org');
    expect(agentKey({ account: { homePage: 'https://lms.example', name: '42' } })).toBe(
      'account:https://lms.example|42',
    );
    const withParent = {
      ...valid(),
      context: { contextActivities: { parent: { id: 'https://x.example/course' } } },
    };
    expect(relatedActivities(withParent)).toEqual([valid().object.id, 'https://x.example/course']);
  });
});
