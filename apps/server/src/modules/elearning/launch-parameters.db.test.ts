import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { call, login } from '../../test/api.js';
import { FACTORY_PASSWORD, groupIdByName, makeCmi5Unit, makeUnit, makeUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

/**
 * Issue 34: a launch address carries the standard launch parameters and nothing of the app's —
 * TinCanJS sends every query parameter it does not know to the LRS, which refuses it — and a cmi5
 * AU's own query is kept, in the address and in the "launched" statement's launchurl.
 */
const ADMIN = `Basic ${Buffer.from('reports:a-secret-of-sixteen-chars').toString('base64')}`;
const LAUNCH_URL_EXT = 'https://w3id.org/xapi/cmi5/context/extensions/launchurl';

describe('launch addresses (issue 34)', () => {
  let ctx: TestContext;
  let token: string;
  let group: string;

  beforeAll(async () => {
    ctx = await createTestContext({ config: { XAPI_BASIC_AUTH: 'reports:a-secret-of-sixteen-chars' } });
    group = await groupIdByName(ctx.database.db, 'S3 – Groupe A');
    const made = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [group] });
    token = (await login(ctx.app, made.email, FACTORY_PASSWORD)).token;
  });
  afterAll(() => ctx.close());

  const launch = async (unitId: string) => {
    const res = await call(ctx.app, 'POST', `/api/xapi/launch/${unitId}`, {
      token,
      body: { groupId: group },
    });
    expect(res.status, res.body).toBe(200);
    return res.json.url as string;
  };

  /** A cmi5 AU whose url in cmi5.xml carries a query of its own. */
  const makeAu = async (urlQuery: string | null) => {
    const unitId = await makeCmi5Unit(ctx.database.db, { followedBy: [group], urlQuery });
    return unitId;
  };

  it('launches a Tin Can package with endpoint, auth, actor, activity_id and registration only', async () => {
    const url = new URL(await launch(await makeUnit(ctx.database.db, [group])), 'http://localhost');
    expect([...url.searchParams.keys()]).toEqual([
      'endpoint',
      'auth',
      'actor',
      'activity_id',
      'registration',
    ]);
    expect(url.hash).toBe('');
    // The endpoint ends in a slash: TinCanJS and the launch samples append "statements" to it.
    expect(url.searchParams.get('endpoint')).toMatch(/^http:\/\/localhost(:80)?\/api\/xapi\/$/);
  });

  it('launches a cmi5 AU with its own query, then endpoint, fetch, actor, registration and activityId only', async () => {
    const raw = await launch(await makeAu('lesson=2&title=Ward%20round'));
    const url = new URL(raw);
    expect(url.search.startsWith('?lesson=2&title=Ward%20round&')).toBe(true);
    expect([...url.searchParams.keys()]).toEqual([
      'lesson',
      'title',
      'endpoint',
      'fetch',
      'actor',
      'registration',
      'activityId',
    ]);
    expect(url.searchParams.get('endpoint')).toMatch(/\/api\/xapi\/$/);
    expect(url.hash).toBe('');

    // cmi5 9.6.3.4: the launch address without the 8.1 parameters — the AU's own query stays.
    const q = new URLSearchParams({
      verb: 'http://adlnet.gov/expapi/verbs/launched',
      registration: url.searchParams.get('registration')!,
      activity: url.searchParams.get('activityId')!,
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/xapi/statements?${q}`,
      headers: { authorization: ADMIN, 'x-experience-api-version': '1.0.3' },
    });
    const [launched] = res.json().statements;
    expect(launched.context.extensions[LAUNCH_URL_EXT]).toBe(
      `${raw.split('?')[0]}?lesson=2&title=Ward%20round`,
    );
  });

  it('never lets an AU query name a launch parameter; without one the launchurl is the file', async () => {
    const raw = await launch(await makeAu('endpoint=https%3A%2F%2Fevil.example%2F&lesson=3'));
    const url = new URL(raw);
    expect(url.searchParams.getAll('endpoint')).toEqual([expect.stringMatching(/\/api\/xapi\/$/)]);
    expect(url.searchParams.get('lesson')).toBe('3');

    const plainRaw = await launch(await makeAu(null));
    const plain = new URL(plainRaw);
    expect([...plain.searchParams.keys()]).toEqual([
      'endpoint',
      'fetch',
      'actor',
      'registration',
      'activityId',
    ]);
    const q = new URLSearchParams({
      verb: 'http://adlnet.gov/expapi/verbs/launched',
      registration: plain.searchParams.get('registration')!,
      activity: plain.searchParams.get('activityId')!,
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/xapi/statements?${q}`,
      headers: { authorization: ADMIN, 'x-experience-api-version': '1.0.3' },
    });
    const extensions = res.json().statements[0].context.extensions;
    expect(extensions[LAUNCH_URL_EXT]).toBe(plainRaw.split('?')[0]);
  });
});
