/**
 * Issue 34 over HTTP: a cmi5 AU session on the test course (src/test/cmi5-ward-round) meets the
 * rules of cmi5-rules-issue34.test.ts — every refusal a 403 —, the LMS's "satisfied" statements
 * come after the statement that triggered them, in a stable order, and a Browse session records
 * nothing about the unit (decision 0041).
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { call, login } from '../../test/api.js';
import { FACTORY_PASSWORD, groupIdByName, makeUser } from '../../test/factories.js';
import { cmi5Statement, launchAu, lrsRequest, type LaunchedAu } from '../../test/cmi5-au.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { cmi5Sessions } from '../../db/schema.js';
import { importPackage } from '../elearning/content-import.service.js';

const COURSE_DIR = path.resolve(import.meta.dirname, '../../test/cmi5-ward-round');
const MODULE = 'Issue 34: on the ward round';
const ADMIN = `Basic ${Buffer.from('reports:a-secret-of-sixteen-chars').toString('base64')}`;
const SESSION_EXT = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const MASTERY_EXT = 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore';
const SATISFIED = 'https://w3id.org/xapi/adl/verbs/satisfied';

type Session = Awaited<ReturnType<typeof login>>;
type Au = LaunchedAu;

describe('cmi5 rules of issue 34, over HTTP', () => {
  let ctx: TestContext;
  let group: string;
  let units: { unitId: string; activityId: string; name: string }[];

  beforeAll(async () => {
    ctx = await createTestContext({ config: { XAPI_BASIC_AUTH: 'reports:a-secret-of-sixteen-chars' } });
    group = await groupIdByName(ctx.database.db, 'S3 – Groupe A');
    const imported = await importPackage(ctx.database.db, ctx.storage, COURSE_DIR, {
      module: MODULE,
      groups: ['S3 – Groupe A'],
    });
    units = imported.units!;
  });
  afterAll(() => ctx.close());

  const newLearner = async () => {
    const made = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [group] });
    return { id: made.id, session: await login(ctx.app, made.email, FACTORY_PASSWORD) };
  };
  const lrs = (method: 'GET' | 'POST', url: string, auth: string, body?: unknown) =>
    lrsRequest(ctx.app, method, url, auth, body);

  /** A launch as the AU sees it: token fetched, LMS.LaunchData read — learner preferences not yet. */
  const launch = (learner: Session, name: string): Promise<Au> =>
    launchAu(ctx.app, learner.token, units.find((u) => u.name === name)!.unitId, { groupId: group });
  const readPreferences = async (au: Au) => {
    const q = new URLSearchParams({ profileId: 'cmi5LearnerPreferences', agent: JSON.stringify(au.actor) });
    expect((await lrs('GET', `agents/profile?${q}`, au.auth)).statusCode).toBe(404);
  };
  /** id and timestamp may be taken out: the rules about them are tested here. */
  const defined = (au: Au, verb: string, result?: Record<string, unknown>) =>
    cmi5Statement(au, verb, result) as Omit<ReturnType<typeof cmi5Statement>, 'id' | 'timestamp'> & {
      id?: string;
      timestamp?: string;
    };
  const send = (au: Au, statement: unknown) => lrs('POST', 'statements', au.auth, statement);
  const expectRefused = async (au: Au, statement: unknown, reason: RegExp) => {
    const res = await send(au, statement);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toMatch(reason);
  };
  const unitRow = async (learner: { id: string; session: Session }, name: string) => {
    const res = await call(ctx.app, 'GET', `/api/module/user/${learner.id}/${group}`, {
      token: learner.session.token,
    });
    return res.json.find((m: any) => m.name === MODULE).units.find((u: any) => u.unit.name === name);
  };
  const registrationStatements = async (registration: string, ascending: boolean) => {
    const q = new URLSearchParams({ registration, ascending: String(ascending), limit: '100' });
    const res = await lrs('GET', `statements?${q}`, ADMIN);
    expect(res.statusCode).toBe(200);
    return res.json().statements as any[];
  };

  it('refuses with 403 what the cmi5 LMS Test Suite sends to be rejected, and takes a "passed" without a score', async () => {
    const learner = await newLearner();
    const au = await launch(learner.session, 'Check: the handover');
    expect(au.launchData.masteryScore).toBe(0.5);

    // 11.0: the learner preferences are read on startup, before "initialized".
    await expectRefused(au, defined(au, 'initialized'), /learner preferences/);
    await readPreferences(au);
    expect((await send(au, defined(au, 'initialized'))).statusCode).toBe(200);

    const allowed = () => {
      const s = defined(au, 'experienced');
      s.context.contextActivities.category = [];
      return s;
    };
    // 9.1, 9.7: an id and a UTC timestamp, given by the AU.
    await expectRefused(au, { ...allowed(), id: undefined }, /no id/);
    await expectRefused(au, { ...allowed(), timestamp: undefined }, /no timestamp/);
    const local = allowed();
    local.timestamp = local.timestamp!.replace('Z', '-06:00');
    await expectRefused(au, local, /not in UTC/);
    // 9.2: the actor is an Agent, not a Group with the learner's account.
    const group = defined(au, 'passed', { success: true, duration: 'PT1M' });
    group.actor.objectType = 'Group';
    await expectRefused(au, group, /an Agent/);
    // What was a 400 before: a 403 too (cmi5 LMS Test Suite 4.2.0.0-2).
    const noSession = allowed();
    delete (noSession.context.extensions as Record<string, unknown>)[SESSION_EXT];
    await expectRefused(au, noSession, /session id/);
    await expectRefused(au, defined(au, 'passed', { success: true }), /needs result.duration/);
    // None of them was stored.
    expect((await registrationStatements(au.registration, true)).map((s) => s.verb.id)).toEqual(
      expect.not.arrayContaining(['http://adlnet.gov/expapi/verbs/experienced']),
    );

    // A pass without a score, so without the masteryScore in its context: taken, and it decides the unit.
    const pass = defined(au, 'passed', { success: true, duration: 'PT2M' });
    expect((await send(au, pass)).statusCode).toBe(200);
    expect(await unitRow(learner, 'Check: the handover')).toMatchObject({ verb: 'passed' });
  });

  it('stores the LMS statements after the one that triggered them, in the order they were made', async () => {
    const learner = await newLearner();
    const reading = await launch(learner.session, 'Reading: an SBAR handover');
    await readPreferences(reading);
    expect((await send(reading, defined(reading, 'initialized'))).statusCode).toBe(200);
    const done = [
      defined(reading, 'completed', { completion: true, duration: 'PT4M' }),
      defined(reading, 'terminated', { duration: 'PT4M' }),
    ];
    expect((await send(reading, done)).statusCode).toBe(200);

    // A launch over a session left open: "abandoned", then "launched", in one write.
    const left = await launch(learner.session, 'Check: the handover');
    await readPreferences(left);
    expect((await send(left, defined(left, 'initialized'))).statusCode).toBe(200);
    const check = await launch(learner.session, 'Check: the handover');
    await readPreferences(check);
    expect((await send(check, defined(check, 'initialized'))).statusCode).toBe(200);
    const score = { scaled: 1, raw: 2, min: 0, max: 2 };
    const pass = defined(check, 'passed', { success: true, score, duration: 'PT1M' });
    pass.context.extensions = { ...pass.context.extensions, [MASTERY_EXT]: 0.5 };
    expect((await send(check, pass)).statusCode).toBe(200);

    const ascending = await registrationStatements(check.registration, true);
    const at = (predicate: (s: any) => boolean) => ascending.findIndex(predicate);
    const passed = at((s) => s.id === pass.id);
    const block = at((s) => s.verb.id === SATISFIED && s.object.definition.type.endsWith('/block'));
    const course = at((s) => s.verb.id === SATISFIED && s.object.definition.type.endsWith('/course'));
    expect(passed).toBeGreaterThanOrEqual(0);
    // The block, then the course it completes, both after the pass — stored strictly later.
    expect(passed < block && block < course).toBe(true);
    expect(Date.parse(ascending[block].stored)).toBeGreaterThan(Date.parse(ascending[passed].stored));
    const sessionOf = (s: any) => s.context.extensions[SESSION_EXT];
    const leftSession = left.launchData.contextTemplate.extensions[SESSION_EXT];
    const abandoned = at((s) => s.verb.id.endsWith('/abandoned') && sessionOf(s) === leftSession);
    const launched = at(
      (s) =>
        s.verb.id.endsWith('/launched') &&
        sessionOf(s) === check.launchData.contextTemplate.extensions[SESSION_EXT],
    );
    expect(abandoned).toBeGreaterThanOrEqual(0);
    expect(abandoned).toBeLessThan(launched);
    // Stable: the same order every time, and the newest-first query is its exact reverse.
    expect((await registrationStatements(check.registration, true)).map((s) => s.id)).toEqual(
      ascending.map((s) => s.id),
    );
    expect((await registrationStatements(check.registration, false)).map((s) => s.id)).toEqual(
      ascending.map((s) => s.id).reverse(),
    );
  });

  it('a Browse session takes "initialized" and "terminated", refuses a judgement, and leaves the unit as it was', async () => {
    const learner = await newLearner();
    const au = await launch(learner.session, 'Check: the handover');
    // The launch of a Browse request (decision 0041): its session, as the launch records it.
    const sessionId = au.launchData.contextTemplate.extensions[SESSION_EXT];
    await ctx.database.db
      .update(cmi5Sessions)
      .set({ launchMode: 'Browse' })
      .where(eq(cmi5Sessions.id, sessionId));
    await readPreferences(au);
    expect((await send(au, defined(au, 'initialized'))).statusCode).toBe(200);
    await expectRefused(au, defined(au, 'passed', { success: true, duration: 'PT1M' }), /in Browse mode/);
    await expectRefused(
      au,
      defined(au, 'completed', { completion: true, duration: 'PT1M' }),
      /in Browse mode/,
    );
    expect((await send(au, defined(au, 'terminated', { duration: 'PT1M' }))).statusCode).toBe(200);
    // Nothing about satisfaction recorded: not even "attempted".
    const row = await unitRow(learner, 'Check: the handover');
    expect(row.verb ?? null).toBeNull();
    expect(
      (await registrationStatements(au.registration, true)).filter((s) => s.verb.id === SATISFIED),
    ).toEqual([]);
  });
});
