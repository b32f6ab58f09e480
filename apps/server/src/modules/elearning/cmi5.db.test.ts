import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { messages } from '@medenglish/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { call, login } from '../../test/api.js';
import { FACTORY_PASSWORD, groupIdByName, makeUnit, makeUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { buildZip } from '../../test/zip.js';
import { inTransaction } from '../../db/transactions.js';
import { cmi5Units } from '../../db/schema.js';
import { storeStatements, waiveAu } from '../xapi/index.js';
import { cmi5RegistrationOf } from './cmi5-launch.service.js';
import { importPackage } from './content-import.service.js';
import { PackageError } from './package-reader.js';

/** The test course the browser test runs too: two AUs in one block (src/test/cmi5-ward-round). */
const COURSE_DIR = path.resolve(import.meta.dirname, '../../test/cmi5-ward-round');
const READING_ID = 'https://medenglish.example/courses/ward-round/aus/handover-reading';
const CHECK_ID = 'https://medenglish.example/courses/ward-round/aus/handover-check';
const BLOCK_ID = 'https://medenglish.example/courses/ward-round/blocks/handover';
const ADMIN = `Basic ${Buffer.from('reports:a-secret-of-sixteen-chars').toString('base64')}`;
const CMI5 = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const MOVEON = 'https://w3id.org/xapi/cmi5/context/categories/moveon';
const SESSION_EXT = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const MASTERY_EXT = 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore';

type Session = Awaited<ReturnType<typeof login>>;
interface Au {
  url: URL;
  actor: Record<string, unknown>;
  registration: string;
  activityId: string;
  fetch: string;
  auth: string;
  launchData: any;
}

describe('cmi5: course import, launch, fetch URL, LaunchData and the statement rules', () => {
  let ctx: TestContext;
  let learner: Session;
  let group: string;
  let units: { unitId: string; activityId: string; name: string }[];

  beforeAll(async () => {
    ctx = await createTestContext({ config: { XAPI_BASIC_AUTH: 'reports:a-secret-of-sixteen-chars' } });
    group = await groupIdByName(ctx.database.db, 'S3 – Groupe A');
    const made = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [group] });
    learner = await login(ctx.app, made.email, FACTORY_PASSWORD);
    const imported = await importPackage(ctx.database.db, ctx.storage, COURSE_DIR, {
      module: 'On the ward round',
      groups: ['S3 – Groupe A'],
    });
    units = imported.units!;
  });
  afterAll(() => ctx.close());

  const unitOf = (name: string) => units.find((u) => u.name === name)!;

  /** The answer of the fetch URL, as the AU reads it. */
  const fetchToken = async (fetchUrl: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: new URL(fetchUrl).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    return res.json();
  };

  const lrs = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api/xapi/${url}`,
      headers: {
        authorization: auth,
        'x-experience-api-version': '1.0.3',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });

  /** A launch as the AU sees it: the URL, then the token fetched, then LMS.LaunchData read. */
  async function launch(name: string): Promise<Au> {
    const res = await call(ctx.app, 'POST', `/api/xapi/launch/${unitOf(name).unitId}`, {
      token: learner.token,
      body: { groupId: group },
    });
    expect(res.status).toBe(200);
    const url = new URL(res.json.url, 'http://localhost');
    const q = url.searchParams;
    const au = {
      url,
      actor: JSON.parse(q.get('actor')!),
      registration: q.get('registration')!,
      activityId: q.get('activityId')!,
      fetch: q.get('fetch')!,
      auth: '',
      launchData: null,
    };
    au.auth = `Basic ${(await fetchToken(au.fetch))['auth-token']}`;
    const state = new URLSearchParams({
      stateId: 'LMS.LaunchData',
      activityId: au.activityId,
      agent: JSON.stringify(au.actor),
      registration: au.registration,
    });
    const data = await lrs('GET', `activities/state?${state}`, au.auth);
    expect(data.statusCode).toBe(200);
    au.launchData = data.json();
    // cmi5 11.0: the learner preferences are read before "initialized" (none kept: a 404).
    const prefs = new URLSearchParams({
      profileId: 'cmi5LearnerPreferences',
      agent: JSON.stringify(au.actor),
    });
    expect((await lrs('GET', `agents/profile?${prefs}`, au.auth)).statusCode).toBe(404);
    return au;
  }

  /** A cmi5 defined statement built on the contextTemplate, as an AU following the spec sends it. */
  const defined = (au: Au, verb: string, result?: Record<string, unknown>, extensions = {}) => {
    const template = structuredClone(au.launchData.contextTemplate);
    const judged = result && ('success' in result || 'completion' in result);
    return {
      id: randomUUID(),
      actor: au.actor,
      verb: { id: `http://adlnet.gov/expapi/verbs/${verb}` },
      object: { objectType: 'Activity', id: au.activityId },
      ...(result ? { result } : {}),
      context: {
        ...template,
        registration: au.registration,
        contextActivities: {
          ...template.contextActivities,
          category: [{ id: CMI5 }, ...(judged ? [{ id: MOVEON }] : [])],
        },
        extensions: { ...template.extensions, ...extensions },
      },
      timestamp: new Date().toISOString(),
    };
  };
  const send = (au: Au, statement: unknown) => lrs('POST', 'statements', au.auth, statement);
  const statementsAbout = async (verb: string, registration: string) => {
    const q = new URLSearchParams({ verb, registration });
    return (await lrs('GET', `statements?${q}`, ADMIN)).json().statements as any[];
  };
  const moduleUnits = async () => {
    const res = await call(ctx.app, 'GET', `/api/module/user/${learner._id}/${group}`, {
      token: learner.token,
    });
    return res.json.find((m: any) => m.name === 'On the ward round').units as any[];
  };

  it('imports the course: an AU per unit, in order, with LMS activity ids that are not the publisher ids', async () => {
    expect(units.map((u) => u.name)).toEqual(['Reading: an SBAR handover', 'Check: the handover']);
    for (const unit of units) {
      expect(unit.activityId).toMatch(/^urn:medenglish:cmi5:au:[0-9a-f]{32}$/);
      expect([READING_ID, CHECK_ID, BLOCK_ID]).not.toContain(unit.activityId);
    }
    // The same course zipped: the same units, updated rather than doubled.
    const files = ['cmi5.xml', 'cmi5-au.js', 'handover/index.html', 'quiz/index.html'];
    const zip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-cmi5-')), 'ward-round.zip');
    fs.writeFileSync(
      zip,
      buildZip(files.map((name) => ({ name, data: fs.readFileSync(path.join(COURSE_DIR, name)) }))),
    );
    const again = await importPackage(ctx.database.db, ctx.storage, zip, { module: 'On the ward round' });
    expect(again.units!.map((u) => [u.unitId, u.created])).toEqual(units.map((u) => [u.unitId, false]));
    // An AU served from elsewhere cannot run in our sandbox: refused with its reason.
    const external = new Map([
      [
        'cmi5.xml',
        Buffer.from(
          fs
            .readFileSync(path.join(COURSE_DIR, 'cmi5.xml'), 'utf8')
            .replace('handover/index.html', 'https://elsewhere.example/au.html'),
        ),
      ],
    ]);
    await expect(importPackage(ctx.database.db, ctx.storage, external, { module: 'X' })).rejects.toThrow(
      PackageError,
    );
  });

  it('launches an AU with endpoint, fetch, actor, registration and activityId, and writes LaunchData and "launched"', async () => {
    const au = await launch('Check: the handover');
    const q = au.url.searchParams;
    expect(au.url.pathname).toMatch(/\/quiz\/index\.html$/);
    // The AU's own query string comes first; no credentials in the address (they are fetched).
    expect(au.url.search.startsWith('?lang=en-GB&')).toBe(true);
    expect(q.get('auth')).toBeNull();
    expect(q.get('endpoint')).toMatch(/^http:\/\/localhost(:80)?\/api\/xapi\/$/);
    expect(au.activityId).toBe(unitOf('Check: the handover').activityId);
    expect(au.actor).toMatchObject({ objectType: 'Agent', account: { name: learner._id } });
    expect(au.registration).toBe(cmi5RegistrationOf(learner._id, (await courseId())!));
    expect(au.launchData).toMatchObject({
      launchMode: 'Normal',
      moveOn: 'Passed',
      masteryScore: 0.5,
      launchParameters: '{"questions":2}',
      entitlementKey: { courseStructure: 'medenglish-ward-round' },
      contextTemplate: { contextActivities: { grouping: [{ id: CHECK_ID }] } },
    });
    // An AU of our frame (AnyWindow) gets no returnURL: the frame would load the app inside itself.
    expect(au.launchData.returnURL).toBeUndefined();
    expect((await moduleUnits()).every((u) => u.unit.ownWindow === undefined)).toBe(true);
    const sessionId = au.launchData.contextTemplate.extensions[SESSION_EXT];
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const [launched] = await statementsAbout('http://adlnet.gov/expapi/verbs/launched', au.registration);
    expect(launched.object.id).toBe(au.activityId);
    expect(launched.context.extensions).toMatchObject({
      [SESSION_EXT]: sessionId,
      'https://w3id.org/xapi/cmi5/context/extensions/launchmode': 'Normal',
      'https://w3id.org/xapi/cmi5/context/extensions/moveon': 'Passed',
      [MASTERY_EXT]: 0.5,
    });
    expect(launched.context.extensions['https://w3id.org/xapi/cmi5/context/extensions/launchurl']).toMatch(
      // The AU's own query stays in it (cmi5 9.6.3.4: only the launch parameters are left out).
      /^http:\/\/localhost(:80)?\/media\/content\/[0-9a-f]+\/quiz\/index\.html\?lang=en-GB$/,
    );
  });

  async function courseId() {
    const [row] = await ctx.database.db.select().from(cmi5Units).limit(1);
    return row?.courseActivityId;
  }

  it('hands the auth token out once: a second fetch, or an unknown one, answers the cmi5 error object', async () => {
    const res = await call(ctx.app, 'POST', `/api/xapi/launch/${unitOf('Check: the handover').unitId}`, {
      token: learner.token,
      body: { groupId: group },
    });
    const fetchUrl = new URL(res.json.url, 'http://localhost').searchParams.get('fetch')!;
    const first = await fetchToken(fetchUrl);
    expect(Object.keys(first)).toEqual(['auth-token']);
    // The token works as Basic credentials of the LRS.
    const about = await lrs('GET', 'statements?limit=1', `Basic ${first['auth-token']}`);
    expect(about.statusCode).toBe(200);
    expect(await fetchToken(fetchUrl)).toEqual({
      'error-code': '1',
      'error-text': expect.stringMatching(/already been returned/),
    });
    expect((await fetchToken(`http://localhost/api/cmi5/fetch/${'x'.repeat(43)}`))['error-code']).toBe('2');
  });

  it('answers the CORS preflight of the fetch URL, so an AU in the sandbox (origin null) may post JSON to it', async () => {
    const res = await call(ctx.app, 'POST', `/api/xapi/launch/${unitOf('Check: the handover').unitId}`, {
      token: learner.token,
      body: { groupId: group },
    });
    const fetchPath = new URL(new URL(res.json.url, 'http://localhost').searchParams.get('fetch')!).pathname;
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: fetchPath,
      headers: {
        origin: 'null',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    // The frame's origin echoed, so that a credentialed request is allowed too (issue 34).
    expect(preflight.headers['access-control-allow-origin']).toBe('null');
    expect(String(preflight.headers['access-control-allow-methods'])).toMatch(/\bPOST\b/);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toMatch(
      /\bcontent-type\b/,
    );
    // The preflight hands out nothing: the token is still there for the post that follows.
    const post = await ctx.app.inject({
      method: 'POST',
      url: fetchPath,
      headers: { origin: 'null', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(post.headers['access-control-allow-origin']).toBe('null');
    expect(Object.keys(post.json())).toEqual(['auth-token']);
  });

  it('refuses statements that break the cmi5 rules, with the reason; passed then decides the unit (moveOn Passed)', async () => {
    const au = await launch('Check: the handover');
    const refusal = async (statement: unknown, status: number, reason: RegExp) => {
      const res = await send(au, statement);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toMatch(/^Statement refused by the cmi5 rules: /);
      expect(res.json().error.message).toMatch(reason);
    };
    const score = (scaled: number) => ({ scaled, raw: scaled * 2, min: 0, max: 2 });
    const mastery = { [MASTERY_EXT]: 0.5 };

    // Order: nothing before "initialized".
    await refusal(
      defined(au, 'passed', { success: true, duration: 'PT1M' }, mastery),
      403,
      /first statement/,
    );
    // The context template: the session id is required.
    const noSession = defined(au, 'initialized');
    delete (noSession.context.extensions as any)[SESSION_EXT];
    await refusal(noSession, 403, /session id/);
    expect((await send(au, defined(au, 'initialized'))).statusCode).toBe(200);
    await refusal(defined(au, 'initialized'), 403, /already sent in this session/);
    // Result rules: a pass under the masteryScore, without a duration, without the moveon category.
    await refusal(
      defined(au, 'passed', { success: true, score: score(0), duration: 'PT1M' }, mastery),
      403,
      /under the masteryScore 0.5/,
    );
    await refusal(
      defined(au, 'passed', { success: true, score: score(1) }, mastery),
      403,
      /needs result.duration/,
    );
    const noMoveOn = defined(au, 'passed', { success: true, score: score(1), duration: 'PT1M' }, mastery);
    noMoveOn.context.contextActivities.category = [{ id: CMI5 }];
    await refusal(noMoveOn, 403, /moveon category/);
    await refusal(
      defined(au, 'completed', { completion: true, success: true, duration: 'PT1M' }),
      403,
      /no success/,
    );
    // LMS verbs are not the AU's.
    await refusal(defined(au, 'launched'), 403, /written by the LMS only/);
    // LMS.LaunchData is read-only for the AU.
    const state = new URLSearchParams({
      stateId: 'LMS.LaunchData',
      activityId: au.activityId,
      agent: JSON.stringify(au.actor),
      registration: au.registration,
    });
    const overwrite = await lrs('PUT', `activities/state?${state}`, au.auth, { launchMode: 'Browse' });
    expect(overwrite.statusCode).toBe(403);
    expect(overwrite.json().error.message).toMatch(/LMS.LaunchData/);

    // A cmi5 allowed statement (no cmi5 category) about the AU's own question, under the
    // publisher's id: taken within the session.
    const answered = defined(au, 'answered', { success: true });
    answered.object.id = 'https://medenglish.example/courses/ward-round/questions/why-handover';
    answered.context.contextActivities.category = [];
    expect((await send(au, answered)).statusCode).toBe(200);

    // A good pass: the unit is passed with its score; moveOn Passed is met.
    const pass = defined(au, 'passed', { success: true, score: score(1), duration: 'PT2M' }, mastery);
    expect((await send(au, pass)).statusCode).toBe(200);
    await refusal(
      defined(au, 'failed', { success: false, score: score(0), duration: 'PT1M' }, mastery),
      403,
      /only one of/,
    );
    expect((await send(au, defined(au, 'terminated', { duration: 'PT3M' }))).statusCode).toBe(200);
    // After terminated, nothing more in this session.
    await refusal(defined(au, 'terminated', { duration: 'PT3M' }), 403, /session has ended \(terminated\)/);
    const check = (await moduleUnits()).find((u) => u.unit.name === 'Check: the handover');
    expect(check).toMatchObject({ verb: 'passed', result: { success: true, score: { scaled: 1 } } });

    // A new session of the same registration: the AU is satisfied, so it opens in Review mode
    // (decision 0030), and a judgement is refused (no judged verb outside Normal).
    const next = await launch('Check: the handover');
    expect(next.registration).toBe(au.registration);
    expect(next.launchData.launchMode).toBe('Review');
    const launchedModes = (
      await statementsAbout('http://adlnet.gov/expapi/verbs/launched', au.registration)
    ).map((st) => st.context.extensions['https://w3id.org/xapi/cmi5/context/extensions/launchmode']);
    expect(launchedModes).toContain('Review');
    expect((await send(next, defined(next, 'initialized'))).statusCode).toBe(200);
    const again = await send(
      next,
      defined(next, 'passed', { success: true, score: score(1), duration: 'PT1M' }, mastery),
    );
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toMatch(/in Review mode/);
    // Looking again is allowed, and the result stays.
    expect((await send(next, defined(next, 'terminated', { duration: 'PT1M' }))).statusCode).toBe(200);
    expect((await moduleUnits()).find((u) => u.unit.name === 'Check: the handover')).toMatchObject({
      verb: 'passed',
    });
  });

  it('completed decides the reading (moveOn Completed); the block and the course are then satisfied once', async () => {
    const au = await launch('Reading: an SBAR handover');
    expect(au.launchData.moveOn).toBe('Completed');
    expect(au.launchData.masteryScore).toBeUndefined();
    expect((await send(au, defined(au, 'initialized'))).statusCode).toBe(200);
    // A batch: completed then terminated, checked in the order sent.
    const batch = [
      defined(au, 'completed', { completion: true, duration: 'PT4M' }),
      defined(au, 'terminated', { duration: 'PT4M' }),
    ];
    expect((await send(au, batch)).statusCode).toBe(200);

    const list = await moduleUnits();
    expect(list.map((u) => [u.unit.name, u.verb])).toEqual([
      ['Reading: an SBAR handover', 'completed'],
      ['Check: the handover', 'passed'],
    ]);
    const satisfied = await statementsAbout('https://w3id.org/xapi/adl/verbs/satisfied', au.registration);
    expect(satisfied.map((s) => s.object.definition.type).sort()).toEqual([
      'https://w3id.org/xapi/cmi5/activitytype/block',
      'https://w3id.org/xapi/cmi5/activitytype/course',
    ]);
    const block = satisfied.find((s) => s.object.definition.type.endsWith('/block'));
    expect(block.object.id).toMatch(/^urn:medenglish:cmi5:block:/);
    expect(block.context.contextActivities.grouping).toEqual([{ id: BLOCK_ID }]);
  });

  it('a failed AU opens again in Normal mode, so the learner can try again', async () => {
    const other = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [group] });
    const session = await login(ctx.app, other.email, FACTORY_PASSWORD);
    const asOther = async () => {
      const saved = learner;
      learner = session;
      try {
        return await launch('Check: the handover');
      } finally {
        learner = saved;
      }
    };
    const first = await asOther();
    expect(first.launchData.launchMode).toBe('Normal');
    const score = { scaled: 0, raw: 0, min: 0, max: 2 };
    expect((await send(first, defined(first, 'initialized'))).statusCode).toBe(200);
    const failed = defined(
      first,
      'failed',
      { success: false, score, duration: 'PT1M' },
      { [MASTERY_EXT]: 0.5 },
    );
    expect((await send(first, [failed, defined(first, 'terminated', { duration: 'PT1M' })])).statusCode).toBe(
      200,
    );
    const second = await asOther();
    expect(second.launchData.launchMode).toBe('Normal');
  });

  it('an AU declared OwnWindow: the modules say so, and LaunchData carries a returnURL to the module page', async () => {
    const files = ['cmi5.xml', 'cmi5-au.js', 'handover/index.html', 'quiz/index.html'];
    const course = new Map(files.map((name) => [name, fs.readFileSync(path.join(COURSE_DIR, name))]));
    course.set(
      'cmi5.xml',
      Buffer.from(
        course
          .get('cmi5.xml')!
          .toString('utf8')
          .replaceAll(
            'https://medenglish.example/courses/ward-round',
            'https://medenglish.example/courses/own-window',
          )
          .replace('moveOn="Completed"', 'moveOn="Completed" launchMethod="OwnWindow"'),
      ),
    );
    const imported = await importPackage(ctx.database.db, ctx.storage, course, {
      module: 'On the ward round, own window',
      groups: ['S3 – Groupe A'],
    });
    const [reading, check] = imported.units!;
    const res = await call(ctx.app, 'GET', `/api/module/user/${learner._id}/${group}`, {
      token: learner.token,
    });
    const module = res.json.find((m: any) => m.name === 'On the ward round, own window');
    expect(module.units.map((u: any) => [u.unit._id, u.unit.ownWindow])).toEqual([
      [reading!.unitId, true],
      [check!.unitId, undefined],
    ]);
    units.push(...imported.units!.map((u) => ({ ...u, name: `own window: ${u.name}` })));
    const au = await launch(`own window: ${reading!.name}`);
    const returnUrl = new URL(au.launchData.returnURL);
    expect(returnUrl.origin).toBe('http://localhost');
    expect(returnUrl.pathname + returnUrl.search).toBe(`/elearning/course/${encodeURIComponent(module.key)}`);
    // The AU's own address is the same sandboxed package file as in the frame.
    expect(au.url.pathname).toMatch(/^\/media\/content\/[0-9a-f]+\/handover\/index\.html$/);
    const other = await launch(`own window: ${check!.name}`);
    expect(other.launchData.returnURL).toBeUndefined();
  });

  it('abandons a session left open when the AU is launched again, and refuses its statements', async () => {
    const first = await launch('Reading: an SBAR handover');
    expect((await send(first, defined(first, 'initialized'))).statusCode).toBe(200);
    const second = await launch('Reading: an SBAR handover');
    const sessionOf = (au: Au) => au.launchData.contextTemplate.extensions[SESSION_EXT];
    expect(sessionOf(second)).not.toBe(sessionOf(first));
    const abandoned = await statementsAbout('https://w3id.org/xapi/adl/verbs/abandoned', first.registration);
    expect(abandoned.map((s) => s.context.extensions[SESSION_EXT])).toContain(sessionOf(first));
    expect(abandoned[0].result.duration).toMatch(/^PT[\d.]+S$/);
    const late = await send(first, defined(first, 'terminated', { duration: 'PT1M' }));
    expect(late.statusCode).toBe(403);
    expect(late.json().error.message).toMatch(/session has ended \(abandoned\)/);
  });

  it('waives an AU: a "waived" statement with its reason in a session of its own, and the unit done', async () => {
    const other = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [group] });
    const reading = unitOf('Reading: an SBAR handover');
    const registration = cmi5RegistrationOf(other.id, (await courseId())!);
    const actor = { objectType: 'Agent', account: { homePage: 'http://localhost', name: other.id } };
    const now = new Date();
    const waiver = { userId: other.id, unitId: reading.unitId, registration, actor, reason: 'Tested Out' };
    const statements = await inTransaction(ctx.database.db, (tx) => waiveAu(tx, waiver, now));
    await storeStatements(ctx.database.db, { kind: 'admin' }, statements, now);
    // Only once per registration.
    expect(await inTransaction(ctx.database.db, (tx) => waiveAu(tx, waiver, now))).toEqual([]);
    const [waived] = await statementsAbout('https://w3id.org/xapi/adl/verbs/waived', registration);
    expect(waived.result).toMatchObject({
      success: true,
      completion: true,
      extensions: { 'https://w3id.org/xapi/cmi5/result/extensions/reason': 'Tested Out' },
    });
    const other_ = await login(ctx.app, other.email, FACTORY_PASSWORD);
    const res = await call(ctx.app, 'GET', `/api/module/user/${other.id}/${group}`, { token: other_.token });
    const unit = res.json.find((m: any) => m.name === 'On the ward round').units[0];
    expect(unit).toMatchObject({ verb: 'completed', result: { completion: true } });
  });

  it('lets an admin waive an AU for a learner with a cmi5 reason (PUT /api/admin/user/{id}/cmi5/{unitId}/waiver)', async () => {
    const admin = await makeUser(ctx.database.db, { companyId: DEMO_IDS.platform, role: 'admin' });
    const adminSession = await login(ctx.app, admin.email, FACTORY_PASSWORD);
    const made = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [group] });
    const check = unitOf('Check: the handover');
    const registration = cmi5RegistrationOf(made.id, (await courseId())!);
    const waive = (userId: string, unitId: string, body: unknown, token = adminSession.token) =>
      call(ctx.app, 'PUT', `/api/admin/user/${userId}/cmi5/${unitId}/waiver`, { token, body });
    const waivedStatements = () => statementsAbout('https://w3id.org/xapi/adl/verbs/waived', registration);

    // Bad input: a clear 400 (or 404 for what does not exist), and nothing written.
    const badReason = await waive(made.id, check.unitId, { reason: 'Satisfied' });
    expect(badReason.status).toBe(400);
    expect(badReason.body).toMatch(/reason/);
    expect((await waive(made.id, check.unitId, {})).status).toBe(400);
    expect((await waive(made.id, check.unitId, { reason: 'Administrative', extra: 1 })).status).toBe(400);
    const tinCan = await makeUnit(ctx.database.db, [group]);
    const notCmi5 = await waive(made.id, tinCan, { reason: 'Administrative' });
    expect(notCmi5.status).toBe(400);
    expect(notCmi5.json.error.message).toBe(messages.elearning.notCmi5Au);
    expect((await waive(made.id, randomUUID(), { reason: 'Administrative' })).status).toBe(404);
    expect((await waive(randomUUID(), check.unitId, { reason: 'Administrative' })).status).toBe(404);
    // A learner may not waive, not even for themselves.
    const self = await login(ctx.app, made.email, FACTORY_PASSWORD);
    expect((await waive(made.id, check.unitId, { reason: 'Administrative' }, self.token)).status).toBe(403);
    expect(await waivedStatements()).toEqual([]);

    // The waiver: the "waived" statement in the learner's registration, with the reason.
    const res = await waive(made.id, check.unitId, { reason: 'Equivalent AU' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ waived: true });
    const [waived] = await waivedStatements();
    expect(waived.object.id).toBe(check.activityId);
    expect(waived.actor.account).toEqual({
      homePage: expect.stringMatching(/^http:\/\/localhost/),
      name: made.id,
    });
    expect(waived.result.extensions).toEqual({
      'https://w3id.org/xapi/cmi5/result/extensions/reason': 'Equivalent AU',
    });
    // Once only: a second waiver changes nothing.
    expect((await waive(made.id, check.unitId, { reason: 'Tested Out' })).json).toEqual({ waived: false });
    expect(await waivedStatements()).toHaveLength(1);
    // The learner's module page shows the AU done, and the AU now opens in Review mode.
    const modules = await call(ctx.app, 'GET', `/api/module/user/${made.id}/${group}`, { token: self.token });
    const unit = modules.json
      .find((m: any) => m.name === 'On the ward round')
      .units.find((u: any) => u.unit._id === check.unitId);
    expect(unit).toMatchObject({ verb: 'completed' });
    const saved = learner;
    learner = self;
    try {
      expect((await launch('Check: the handover')).launchData.launchMode).toBe('Review');
    } finally {
      learner = saved;
    }
  });
});
