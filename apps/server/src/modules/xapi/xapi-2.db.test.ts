import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const ADMIN = `Basic ${Buffer.from('reports:a-secret-of-sixteen-chars').toString('base64')}`;

const statement = (extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  actor: { mbox: 'mailto:version-two@example.org' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/experienced' },
  object: { id: 'https://example.org/activities/version-two' },
  ...extra,
});

/** xAPI 2.0 beside 1.0.3, chosen by each request's X-Experience-API-Version (issue 18). */
describe('learning record store, xAPI 2.0 by the version header', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { XAPI_BASIC_AUTH: 'reports:a-secret-of-sixteen-chars' } });
  });
  afterAll(() => ctx.close());

  const lrs = (
    version: string,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url: `/api/xapi${path}`,
      headers: {
        authorization: ADMIN,
        'x-experience-api-version': version,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  it('answers each request in the version it asked for, lists both in /about, refuses others', async () => {
    const about = await ctx.app.inject({ method: 'GET', url: '/api/xapi/about' });
    expect(about.json().version).toEqual(expect.arrayContaining(['2.0.0', '1.0.3']));
    const two = await lrs('2.0.0', 'GET', '/statements?limit=1');
    expect(two.statusCode).toBe(200);
    expect(two.headers['x-experience-api-version']).toBe('2.0.0');
    const one = await lrs('1.0.1', 'GET', '/statements?limit=1');
    expect(one.headers['x-experience-api-version']).toBe('1.0.3');
    const three = await lrs('3.0.0', 'GET', '/statements?limit=1');
    expect(three.statusCode).toBe(400);
    expect(three.json().error.message).toContain('2.0.x');
  });

  it('stores a statement sent through 2.0 as version 2.0.0, with its context agents and groups', async () => {
    const s = statement({
      context: {
        contextAgents: [
          {
            objectType: 'contextAgent',
            agent: { mbox: 'mailto:tutor-two@example.org' },
            relevantTypes: ['https://example.org/roles/tutor'],
          },
        ],
      },
    });
    expect((await lrs('2.0.0', 'POST', '/statements', s)).statusCode).toBe(200);
    const stored = (await lrs('2.0.0', 'GET', `/statements?statementId=${s.id}`)).json();
    expect(stored.version).toBe('2.0.0');
    expect(stored.context.contextAgents[0].agent.mbox).toBe('mailto:tutor-two@example.org');
    // Found by the agent of its context with related_agents.
    const tutor = encodeURIComponent(JSON.stringify({ mbox: 'mailto:tutor-two@example.org' }));
    const related = await lrs('2.0.0', 'GET', `/statements?agent=${tutor}&related_agents=true`);
    expect(related.json().statements.map((x: { id: string }) => x.id)).toContain(s.id);

    // The same statement through 1.0.3 is refused: contextAgents is not a 1.0.3 property.
    const old = await lrs('1.0.3', 'POST', '/statements', { ...s, id: randomUUID() });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.message).toContain('contextAgents');
    // A 1.0.3 statement keeps 1.0.0 when it names no version; a 2.0 one keeps what it says.
    const plain = statement();
    await lrs('1.0.3', 'POST', '/statements', plain);
    expect((await lrs('2.0.0', 'GET', `/statements?statementId=${plain.id}`)).json().version).toBe('1.0.0');
    const said = statement({ version: '1.0.3' });
    await lrs('2.0.0', 'POST', '/statements', said);
    expect((await lrs('2.0.0', 'GET', `/statements?statementId=${said.id}`)).json().version).toBe('1.0.3');
  });

  it('refuses a blind State PUT over a document in 2.0 (409) and keeps it allowed in 1.0.x for content frames', async () => {
    const q = new URLSearchParams({
      activityId: 'https://example.org/activities/version-two',
      agent: JSON.stringify({ mbox: 'mailto:version-two@example.org' }),
      stateId: 'bookmark',
    });
    const path = `/activities/state?${q.toString()}`;
    expect((await lrs('2.0.0', 'PUT', path, { page: 1 })).statusCode).toBe(204);
    const blind = await lrs('2.0.0', 'PUT', path, { page: 2 });
    expect(blind.statusCode).toBe(409);
    expect(blind.json().error.message).toContain('If-Match');
    expect((await lrs('2.0.0', 'GET', path)).json()).toEqual({ page: 1 });
    const etag = (await lrs('2.0.0', 'GET', path)).headers.etag as string;
    expect((await lrs('2.0.0', 'PUT', path, { page: 2 }, { 'if-match': etag })).statusCode).toBe(204);
    expect((await lrs('1.0.3', 'PUT', path, { page: 3 })).statusCode).toBe(204);
    expect((await lrs('1.0.3', 'GET', path)).json()).toEqual({ page: 3 });
  });

  it('refuses the alternate request syntax in 2.0, which dropped it', async () => {
    const form = (version: string, s = statement()) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/xapi/statements?method=PUT',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          statementId: s.id,
          content: JSON.stringify(s),
          'X-Experience-API-Version': version,
          Authorization: ADMIN,
        }).toString(),
      });
    const two = await form('2.0.0');
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toContain('2.0');
    expect((await form('1.0.3')).statusCode).toBe(204);
  });
});
