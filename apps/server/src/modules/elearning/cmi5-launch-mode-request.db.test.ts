/**
 * Decision 0041, the launch mode on request: POST /xapi/launch/{unitId} {groupId, mode} asks a
 * cmi5 AU for Normal, Browse or Review; launchModeFor grants it (Browse always; Review once the AU
 * is satisfied, whatever else is asked; Review of an AU not yet satisfied gives Browse), and the
 * answer, LMS.LaunchData and the "launched" statement say which. A Tin Can unit has no modes.
 */
import { and, eq } from 'drizzle-orm';
import { messages } from '@medenglish/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { call, login } from '../../test/api.js';
import { FACTORY_PASSWORD, groupIdByName, makeCmi5Unit, makeUnit, makeUser } from '../../test/factories.js';
import { cmi5Statement, launchAu, lrsRequest, type LaunchedAu } from '../../test/cmi5-au.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { cmi5Satisfied, cmi5Sessions, unitResults } from '../../db/schema.js';

const ADMIN = `Basic ${Buffer.from('reports:a-secret-of-sixteen-chars').toString('base64')}`;
const SESSION_EXT = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const LAUNCH_MODE_EXT = 'https://w3id.org/xapi/cmi5/context/extensions/launchmode';
const LAUNCHED = 'http://adlnet.gov/expapi/verbs/launched';

interface Learner {
  id: string;
  token: string;
}
type Au = LaunchedAu & { sessionId: string };

describe('cmi5 launch mode on request (decision 0041)', () => {
  let ctx: TestContext;
  let group: string;

  beforeAll(async () => {
    ctx = await createTestContext({ config: { XAPI_BASIC_AUTH: 'reports:a-secret-of-sixteen-chars' } });
    group = await groupIdByName(ctx.database.db, 'S3 – Groupe A');
  });
  afterAll(() => ctx.close());

  const newLearner = async (): Promise<Learner> => {
    const made = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [group] });
    return { id: made.id, token: (await login(ctx.app, made.email, FACTORY_PASSWORD)).token };
  };
  const newAu = () => makeCmi5Unit(ctx.database.db, { followedBy: [group] });
  const lrs = (method: 'GET' | 'POST', url: string, auth: string, body?: unknown) =>
    lrsRequest(ctx.app, method, url, auth, body);
  const askLaunch = (learner: Learner, unitId: string, body: Record<string, unknown>) =>
    call(ctx.app, 'POST', `/api/xapi/launch/${unitId}`, {
      token: learner.token,
      body: { groupId: group, ...body },
    });

  /** A launch asking `mode` (none: the usual launch), as the AU then starts: token, LaunchData, preferences. */
  async function launch(learner: Learner, unitId: string, mode?: string): Promise<Au> {
    const launched = await launchAu(ctx.app, learner.token, unitId, {
      groupId: group,
      ...(mode === undefined ? {} : { mode }),
    });
    const au = {
      ...launched,
      sessionId: launched.launchData.contextTemplate.extensions[SESSION_EXT] as string,
    };
    const prefs = new URLSearchParams({
      profileId: 'cmi5LearnerPreferences',
      agent: JSON.stringify(au.actor),
    });
    expect((await lrs('GET', `agents/profile?${prefs}`, au.auth)).statusCode).toBe(404);
    return au;
  }
  const defined = cmi5Statement;
  const send = (au: Au, statement: unknown) => lrs('POST', 'statements', au.auth, statement);
  const launchedStatement = async (au: Au) => {
    const q = new URLSearchParams({ verb: LAUNCHED, registration: au.registration, limit: '100' });
    const statements = (await lrs('GET', `statements?${q}`, ADMIN)).json().statements as any[];
    return statements.find((s) => s.context.extensions[SESSION_EXT] === au.sessionId);
  };
  const sessionsOf = (learner: Learner) =>
    ctx.database.db.select().from(cmi5Sessions).where(eq(cmi5Sessions.userId, learner.id));

  it('Browse on request: the answer, LaunchData and "launched" say Browse; completed and passed are refused 403 and the unit result is untouched', async () => {
    const learner = await newLearner();
    const unitId = await newAu();
    const au = await launch(learner, unitId, 'Browse');

    expect(au.mode).toBe('Browse');
    expect(au.launchData.launchMode).toBe('Browse');
    expect((await launchedStatement(au))?.context.extensions[LAUNCH_MODE_EXT]).toBe('Browse');
    expect((await sessionsOf(learner)).map((s) => s.launchMode)).toEqual(['Browse']);

    expect((await send(au, defined(au, 'initialized'))).statusCode).toBe(200);
    for (const judgement of [
      defined(au, 'completed', { completion: true, duration: 'PT1M' }),
      defined(au, 'passed', { success: true, duration: 'PT1M' }),
    ]) {
      const res = await send(au, judgement);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toMatch(/in Browse mode/);
    }
    expect((await send(au, defined(au, 'terminated', { duration: 'PT2M' }))).statusCode).toBe(200);

    // Nothing about the unit: no result (not even "attempted"), not satisfied.
    const results = await ctx.database.db
      .select()
      .from(unitResults)
      .where(and(eq(unitResults.userId, learner.id), eq(unitResults.unitId, unitId)));
    expect(results).toEqual([]);
    expect(
      await ctx.database.db.select().from(cmi5Satisfied).where(eq(cmi5Satisfied.userId, learner.id)),
    ).toEqual([]);
  });

  it('Review asked of an AU not yet satisfied opens it in Browse: nothing to review, and no judgement', async () => {
    const learner = await newLearner();
    const au = await launch(learner, await newAu(), 'Review');
    expect(au.mode).toBe('Browse');
    expect(au.launchData.launchMode).toBe('Browse');
    expect((await launchedStatement(au))?.context.extensions[LAUNCH_MODE_EXT]).toBe('Browse');
  });

  it('an AU once satisfied opens in Review when Normal is asked, or nothing; Browse is still granted', async () => {
    const learner = await newLearner();
    const unitId = await newAu();
    // The usual launch (no mode) is Normal, and says so; completed meets moveOn Completed.
    const first = await launch(learner, unitId);
    expect(first.mode).toBe('Normal');
    expect(first.launchData.launchMode).toBe('Normal');
    expect((await send(first, defined(first, 'initialized'))).statusCode).toBe(200);
    const completed = await send(first, defined(first, 'completed', { completion: true, duration: 'PT3M' }));
    expect(completed.statusCode, completed.body).toBe(200);

    const normal = await launch(learner, unitId, 'Normal');
    expect(normal.mode).toBe('Review');
    expect(normal.launchData.launchMode).toBe('Review');
    expect((await launchedStatement(normal))?.context.extensions[LAUNCH_MODE_EXT]).toBe('Review');
    expect((await launch(learner, unitId)).mode).toBe('Review');
    const browse = await launch(learner, unitId, 'Browse');
    expect(browse.mode).toBe('Browse');
    expect(browse.launchData.launchMode).toBe('Browse');
  });

  it("refuses a mode that is not one of cmi5's three with a 400 and a clear message, and launches nothing", async () => {
    const learner = await newLearner();
    const unitId = await newAu();
    for (const mode of ['browse', 'Preview', '', 1, null, ['Browse']]) {
      const res = await askLaunch(learner, unitId, { mode });
      expect(res.status, JSON.stringify(mode)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION');
      expect(res.json.error.fields).toEqual({ mode: messages.elearning.launchMode.invalid });
    }
    expect(messages.elearning.launchMode.invalid).toBe(
      'Le mode de lancement doit être Normal, Browse ou Review.',
    );
    expect(await sessionsOf(learner)).toEqual([]);
  });

  it('a Tin Can unit has no launch modes: Browse or Review refused with a 400 and its reason, Normal taken', async () => {
    const learner = await newLearner();
    const unitId = await makeUnit(ctx.database.db, [group]);
    for (const mode of ['Browse', 'Review']) {
      const res = await askLaunch(learner, unitId, { mode });
      expect(res.status).toBe(400);
      expect(res.json.error).toEqual({
        code: 'VALIDATION',
        message: messages.elearning.launchMode.notCmi5,
        fields: { mode: messages.elearning.launchMode.notCmi5 },
      });
    }
    const normal = await askLaunch(learner, unitId, { mode: 'Normal' });
    expect(normal.status).toBe(200);
    // Its address is a Tin Can launch; its answer names no cmi5 mode.
    expect(new URL(normal.json.url, 'http://localhost').searchParams.get('activity_id')).toBeTruthy();
    expect(normal.json.mode).toBeUndefined();
    expect((await askLaunch(learner, unitId, {})).json.mode).toBeUndefined();
  });
});
