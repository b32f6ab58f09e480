import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login } from '../test/api.js';
import { createTestContext, type TestContext } from '../test/test-app.js';

const nested = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

/** Issue 20: JSON nested 10,000 levels deep is a clear 400 on every route, never a 500. */
describe('deeply nested JSON bodies', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { XAPI_BASIC_AUTH: 'reports:a-secret-of-sixteen-chars' } });
  });
  afterAll(() => ctx.close());

  it('refuses them with 400 and a message on the API, and changes nothing', async () => {
    const me = await login(ctx.app, DEMO.etudiant);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/student/names/${me._id}`,
      headers: { authorization: `Token ${me.token}`, 'content-type': 'application/json' },
      payload: nested(10_000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('64');
    expect((await call(ctx.app, 'GET', `/api/student/${me._id}`, { token: me.token })).json.firstname).toBe(
      'Camille',
    );
  });

  it('refuses them in a statement and in a state merge of the learning record store', async () => {
    const admin = `Basic ${Buffer.from('reports:a-secret-of-sixteen-chars').toString('base64')}`;
    const headers = {
      authorization: admin,
      'x-experience-api-version': '1.0.3',
      'content-type': 'application/json',
    };
    const statement = await ctx.app.inject({
      method: 'POST',
      url: '/api/xapi/statements',
      headers,
      payload: nested(10_000),
    });
    expect(statement.statusCode).toBe(400);
    const agent = encodeURIComponent(JSON.stringify({ mbox: 'mailto:deep@demo-univ.fr' }));
    const state = await ctx.app.inject({
      method: 'POST',
      url: `/api/xapi/activities/state?activityId=${encodeURIComponent('https://medenglish.example/a')}&agent=${agent}&stateId=s`,
      headers,
      payload: nested(10_000),
    });
    expect(state.statusCode).toBe(400);
  });
});
