import { describe, expect, it } from 'vitest';
import { relatedAgents, StatementError, validateStatement } from './statement-rules.js';
import { negotiateVersion } from './versions.js';

const statement = (context: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  actor: { mbox: 'mailto:learner@example.org' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/experienced' },
  object: { id: 'https://example.org/activities/ward-round' },
  context,
  ...extra,
});
const team = {
  objectType: 'contextGroup',
  group: { objectType: 'Group', name: 'Ward 3', mbox: 'mailto:ward3@example.org' },
  relevantTypes: ['https://example.org/roles/team'],
};
const tutor = {
  objectType: 'contextAgent',
  agent: { mbox: 'mailto:tutor@example.org' },
  relevantTypes: ['https://example.org/roles/tutor'],
};

function refusal(check: () => unknown): string | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof StatementError) return error.message;
    throw error;
  }
}

describe('xAPI version negotiation (1.0.x and 2.0.x)', () => {
  it('answers 1.0.x as 1.0.3 and 2.0.x as 2.0.0, and nothing else', () => {
    expect(negotiateVersion('1.0')).toBe('1.0.3');
    expect(negotiateVersion('1.0.1')).toBe('1.0.3');
    expect(negotiateVersion('2.0.0')).toBe('2.0.0');
    expect(negotiateVersion('2.0')).toBe('2.0.0');
    for (const other of ['0.95', '1.1.0', '2.1.0', '3.0.0', '', undefined, ['2.0.0']]) {
      expect(negotiateVersion(other)).toBeNull();
    }
  });
});

describe('statement rules of xAPI 2.0 (IEEE 9274.1.1)', () => {
  it('takes contextAgents and contextGroups in 2.0 only, in a statement and in a SubStatement', () => {
    const s = statement({ contextAgents: [tutor], contextGroups: [team] });
    expect(refusal(() => validateStatement(s, 'statement', '2.0.0'))).toBeNull();
    expect(refusal(() => validateStatement(s, 'statement', '1.0.3'))).toContain('contextAgents');
    const sub = statement(
      {},
      {
        object: {
          objectType: 'SubStatement',
          actor: { mbox: 'mailto:learner@example.org' },
          verb: { id: 'http://adlnet.gov/expapi/verbs/experienced' },
          object: { id: 'https://example.org/activities/ward-round' },
          context: { contextAgents: [tutor] },
        },
      },
    );
    delete (sub as { context?: unknown }).context;
    expect(refusal(() => validateStatement(sub, 'statement', '2.0.0'))).toBeNull();
    expect(refusal(() => validateStatement(sub, 'statement', '1.0.3'))).toContain('contextAgents');
  });

  it('refuses a contextAgent without its objectType or agent, an empty relevantTypes and a group in place of an agent', () => {
    const cases: [unknown, string][] = [
      [{ agent: tutor.agent }, 'objectType'],
      [{ objectType: 'contextAgent' }, 'agent: is required'],
      [{ ...tutor, relevantTypes: [] }, 'non-empty'],
      [{ ...tutor, relevantTypes: ['not an iri'] }, 'IRI'],
      [{ ...tutor, extra: true }, 'extra'],
      [tutor.agent, 'mbox: is not a property'],
    ];
    for (const [entry, reason] of cases) {
      expect(
        refusal(() => validateStatement(statement({ contextAgents: [entry] }), 'statement', '2.0.0')),
      ).toContain(reason);
    }
    expect(
      refusal(() =>
        validateStatement(statement({ contextGroups: [{ ...team, group: tutor.agent }] }), 's', '2.0.0'),
      ),
    ).not.toBeNull();
    expect(refusal(() => validateStatement(statement({ contextAgents: tutor }), 's', '2.0.0'))).toContain(
      'array',
    );
  });

  it('takes a 2.0.x statement version through 2.0 only', () => {
    const s = statement({}, { version: '2.0.0' });
    expect(refusal(() => validateStatement(s, 'statement', '2.0.0'))).toBeNull();
    expect(refusal(() => validateStatement(s, 'statement', '1.0.3'))).toContain('1.0.x');
    expect(refusal(() => validateStatement({ ...s, version: '1.0.3' }, 'statement', '2.0.0'))).toBeNull();
    expect(refusal(() => validateStatement({ ...s, version: '2.1.0' }, 'statement', '2.0.0'))).toContain(
      '2.0.x',
    );
  });

  it('counts the agents and groups of the context as related agents (related_agents filter)', () => {
    const keys = relatedAgents(statement({ contextAgents: [tutor], contextGroups: [team] }));
    expect(keys).toEqual(
      expect.arrayContaining(['mbox:mailto:tutor@example.org', 'mbox:mailto:ward3@example.org']),
    );
  });
});
