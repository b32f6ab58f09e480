import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { call, DEMO, login } from '../../test/api.js';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import {
  FACTORY_PASSWORD,
  groupIdByName,
  makeUnitResult,
  makeUser,
  type MadeUser,
} from '../../test/factories.js';

type Session = Awaited<ReturnType<typeof login>>;
interface Launch {
  endpoint: string;
  auth: string;
  actor: { mbox: string; name: string };
  activityId: string;
  registration: string;
}

const VERB = (name: string) => ({ id: `http://adlnet.gov/expapi/verbs/${name}`, display: { 'en-US': name } });

/** A learner of their own in S3 – Groupe A (the demo course), without any result yet. */
describe('learning record store at /api/xapi', () => {
  let ctx: TestContext;
  let learner: MadeUser;
  let camille: Session;
  let s3a: string;
  let modules: { units: { unit: { _id: string; name: string; isFinalQuiz: boolean } }[] }[];

  beforeAll(async () => {
    ctx = await createTestContext({ config: { XAPI_BASIC_AUTH: 'reports:a-secret-of-sixteen-chars' } });
    s3a = await groupIdByName(ctx.database.db, 'S3 – Groupe A');
    learner = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [s3a] });
    camille = await login(ctx.app, learner.email, FACTORY_PASSWORD);
    modules = (await call(ctx.app, 'GET', `/api/module/user/${camille._id}/${s3a}`, { token: camille.token }))
      .json;
  });
  afterAll(() => ctx.close());

  const unitOf = (m: number, u: number) => modules[m]!.units[u]!.unit._id;

  async function launch(unitId: string, who: Session = camille, group = s3a): Promise<Launch> {
    const res = await call(ctx.app, 'POST', `/api/xapi/launch/${unitId}`, {
      token: who.token,
      body: { groupId: group },
    });
    expect(res.status).toBe(200);
    const url = new URL(res.json.url, 'http://localhost');
    const q = url.searchParams;
    return {
      endpoint: q.get('endpoint')!,
      auth: q.get('auth')!,
      actor: JSON.parse(q.get('actor')!),
      activityId: q.get('activity_id')!,
      registration: q.get('registration')!,
    };
  }

  const lrs = (
    method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    auth: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url: `/api/xapi${path}`,
      headers: {
        authorization: auth,
        'x-experience-api-version': '1.0.3',
        ...(body === undefined || Buffer.isBuffer(body) || typeof body === 'string'
          ? {}
          : { 'content-type': 'application/json' }),
        ...headers,
      },
      payload:
        body === undefined
          ? undefined
          : Buffer.isBuffer(body) || typeof body === 'string'
            ? body
            : JSON.stringify(body),
    });

  const statement = (l: Launch, verb: string, extra: Record<string, unknown> = {}) => ({
    actor: l.actor,
    verb: VERB(verb),
    object: { objectType: 'Activity', id: l.activityId },
    context: { registration: l.registration },
    ...extra,
  });

  it('launches a unit with the standard query: endpoint, auth, actor, activity id, registration', async () => {
    const res = await call(ctx.app, 'POST', `/api/xapi/launch/${unitOf(2, 0)}`, {
      token: camille.token,
      body: { groupId: s3a },
    });
    expect(res.json.url).toMatch(/^\/media\/content\/[0-9a-f]{24}\/index\.html\?endpoint=/);
    const l = await launch(unitOf(2, 0));
    expect(l.endpoint).toMatch(/\/api\/xapi\/$/);
    expect(l.actor).toEqual({
      objectType: 'Agent',
      name: expect.any(String),
      mbox: `mailto:${learner.email}`,
    });
    expect(l.activityId).toBe('https://medenglish.example/xapi/activities/body-and-anatomy/body-systems');
    // The same registration at every launch: the learner resumes where they were.
    expect((await launch(unitOf(2, 0))).registration).toBe(l.registration);
    // The package itself is served, sandboxed, to an opaque-origin frame.
    const page = await ctx.app.inject({ method: 'GET', url: res.json.url.split('?')[0] });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('sandbox allow-scripts');
    expect(page.headers['content-security-policy']).not.toContain('allow-same-origin');
    expect(page.headers['access-control-allow-origin']).toBe('*');
  });

  it('refuses to launch a unit of another group, or for a group the learner is not in', async () => {
    const leo = await login(ctx.app, DEMO.nouveau);
    const res = await call(ctx.app, 'POST', `/api/xapi/launch/${unitOf(0, 0)}`, {
      token: leo.token,
      body: { groupId: s3a },
    });
    expect(res.status).toBe(403);
    const missing = await call(ctx.app, 'POST', `/api/xapi/launch/${randomUUID()}`, {
      token: camille.token,
      body: { groupId: s3a },
    });
    expect(missing.status).toBe(404);
  });

  it('stores a completion, updates the unit result and module progress, and reads it back', async () => {
    const l = await launch(unitOf(2, 0));
    const posted = await lrs('POST', '/statements', l.auth, [
      statement(l, 'initialized'),
      statement(l, 'completed', {
        result: { completion: true, score: { raw: 9, min: 0, max: 12, scaled: 0.75 } },
      }),
    ]);
    expect(posted.statusCode).toBe(200);
    expect(posted.headers['x-experience-api-version']).toBe('1.0.3');
    const [, completedId] = posted.json() as string[];
    const one = await lrs('GET', `/statements?statementId=${completedId}`, l.auth);
    expect(one.json()).toMatchObject({
      id: completedId,
      stored: expect.any(String),
      authority: expect.any(Object),
      version: '1.0.0',
    });

    const course = await call(ctx.app, 'GET', `/api/module/user/${camille._id}/${s3a}`, {
      token: camille.token,
    });
    const unit = course.json[2].units[0];
    expect(unit.verb).toBe('completed');
    expect(unit.result).toEqual({
      completion: true,
      success: null,
      score: { scaled: 0.75, raw: 9, max: 12 },
    });
    expect(course.json[2].progress).toBeCloseTo(33.3, 1);
    const latest = await call(ctx.app, 'GET', `/api/unittrackers/latest/${camille._id}/${s3a}`, {
      token: camille.token,
    });
    expect(latest.json.unit._id).toBe(unitOf(2, 0));
  });

  it('refuses an invalid statement with its reason and stores nothing of the batch', async () => {
    const l = await launch(unitOf(2, 1));
    const before = await lrs('GET', `/statements?registration=${l.registration}`, l.auth);
    const res = await lrs('POST', '/statements', l.auth, [
      statement(l, 'initialized'),
      statement(l, 'completed', { result: { score: { scaled: 2 } } }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('statements[1].result.score.scaled: must be between -1 and 1');
    const after = await lrs('GET', `/statements?registration=${l.registration}`, l.auth);
    expect(after.json().statements).toEqual(before.json().statements);
    expect(
      (await lrs('POST', '/statements', l.auth, '{not json', { 'content-type': 'application/json' }))
        .statusCode,
    ).toBe(400);
    const noVersion = await ctx.app.inject({
      method: 'GET',
      url: '/api/xapi/statements',
      headers: { authorization: l.auth },
    });
    expect(noVersion.statusCode).toBe(400);
    expect((await lrs('GET', '/statements?colour=blue', l.auth)).statusCode).toBe(400);
  });

  it('keeps a pass when a later attempt fails, and accepts the same statement twice but not a different one', async () => {
    const l = await launch(unitOf(2, 2));
    const id = randomUUID();
    const passed = statement(l, 'passed', {
      id,
      result: { success: true, completion: true, score: { scaled: 0.86 } },
    });
    expect((await lrs('PUT', `/statements?statementId=${id}`, l.auth, passed)).statusCode).toBe(204);
    expect((await lrs('POST', '/statements', l.auth, passed)).statusCode).toBe(200);
    const changed = { ...passed, result: { success: true, completion: true, score: { scaled: 0.9 } } };
    expect((await lrs('PUT', `/statements?statementId=${id}`, l.auth, changed)).statusCode).toBe(409);
    await lrs(
      'POST',
      '/statements',
      l.auth,
      statement(l, 'failed', { result: { success: false, score: { scaled: 0.4 } } }),
    );
    // A chapter quiz passed earlier, in another module: the new pass counts beside it.
    const earlierQuiz = modules[0]!.units.find((u) => u.unit.isFinalQuiz)!.unit._id;
    await makeUnitResult(ctx.database.db, {
      userId: learner.id,
      unitId: earlierQuiz,
      verb: 'passed',
      result: { completion: true, success: true, score: { scaled: 0.8, raw: 16, max: 20 } },
    });
    const course = await call(ctx.app, 'GET', `/api/module/user/${camille._id}/${s3a}`, {
      token: camille.token,
    });
    expect(course.json[2].units[2]).toMatchObject({
      verb: 'passed',
      result: { success: true, score: { scaled: 0.86 } },
    });
    const quiz = await call(ctx.app, 'GET', `/api/module/totalquiz/${camille._id}/${s3a}`, {
      token: camille.token,
    });
    expect(quiz.json.passed).toBe(2);
  });

  it('pages GET /statements with more, filters by verb and activity, and hides voided statements', async () => {
    const l = await launch(unitOf(3, 0));
    const ids = (
      await lrs(
        'POST',
        '/statements',
        l.auth,
        [1, 2, 3, 4, 5].map(() => statement(l, 'experienced')),
      )
    ).json();
    const first = await lrs(
      'GET',
      `/statements?verb=${encodeURIComponent(VERB('experienced').id)}&activity=${encodeURIComponent(l.activityId)}&limit=2`,
      l.auth,
    );
    expect(first.json().statements).toHaveLength(2);
    expect(first.json().more).toMatch(/^\/api\/xapi\/statements\?/);
    const seen = [...first.json().statements];
    let more: string = first.json().more;
    while (more) {
      const next = await lrs('GET', more.replace('/api/xapi', ''), l.auth);
      seen.push(...next.json().statements);
      more = next.json().more;
    }
    expect(seen.map((s: { id: string }) => s.id).sort()).toEqual([...ids].sort());

    // Voiding needs the store's own key (a launch never voids); the voided one is then hidden.
    const admin = `Basic ${Buffer.from('reports:a-secret-of-sixteen-chars').toString('base64')}`;
    const voiding = {
      actor: { mbox: 'mailto:teacher@demo-univ.fr' },
      verb: VERB('voided'),
      object: { objectType: 'StatementRef', id: ids[0] },
    };
    expect((await lrs('POST', '/statements', l.auth, voiding)).statusCode).toBe(403);
    const [voidingId] = (await lrs('POST', '/statements', admin, voiding)).json();
    expect((await lrs('GET', `/statements?statementId=${ids[0]}`, admin)).statusCode).toBe(404);
    expect((await lrs('GET', `/statements?voidedStatementId=${ids[0]}`, admin)).json().id).toBe(ids[0]);
    const rest = await lrs(
      'GET',
      `/statements?registration=${l.registration}&verb=${encodeURIComponent(VERB('experienced').id)}`,
      admin,
    );
    // The four left, and the voiding statement: it targets one that matches (xAPI 7.2.3).
    const returned = rest.json().statements.map((s: { id: string }) => s.id);
    expect(returned.sort()).toEqual([...ids.slice(1), voidingId].sort());
  });

  it('keeps state documents as bytes: 404 first, octet-stream round trip, JSON merge, ETag / If-Match', async () => {
    const l = await launch(unitOf(3, 1));
    const agent = encodeURIComponent(JSON.stringify(l.actor));
    const base = `/activities/state?activityId=${encodeURIComponent(l.activityId)}&agent=${agent}&registration=${l.registration}`;
    expect((await lrs('GET', `${base}&stateId=suspend`, l.auth)).statusCode).toBe(404);

    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 13, 10]);
    const put = await lrs('PUT', `${base}&stateId=suspend`, l.auth, bytes, {
      'content-type': 'application/octet-stream',
    });
    expect(put.statusCode).toBe(204);
    const read = await lrs('GET', `${base}&stateId=suspend`, l.auth);
    expect(read.headers['content-type']).toBe('application/octet-stream');
    expect(read.rawPayload.equals(bytes)).toBe(true);
    expect(read.headers.etag).toBe(put.headers.etag);

    await lrs('POST', `${base}&stateId=resume`, l.auth, { section: 2, answers: { q1: 1 } });
    await lrs('POST', `${base}&stateId=resume`, l.auth, { section: 3, finished: false });
    const merged = await lrs('GET', `${base}&stateId=resume`, l.auth);
    expect(merged.json()).toEqual({ section: 3, answers: { q1: 1 }, finished: false });
    expect((await lrs('POST', `${base}&stateId=suspend`, l.auth, { a: 1 })).statusCode).toBe(400);

    const stale = await lrs(
      'PUT',
      `${base}&stateId=resume`,
      l.auth,
      { section: 0 },
      { 'if-match': '"not-the-etag"' },
    );
    expect(stale.statusCode).toBe(412);
    const fresh = await lrs(
      'PUT',
      `${base}&stateId=resume`,
      l.auth,
      { section: 4 },
      { 'if-match': merged.headers.etag as string },
    );
    expect(fresh.statusCode).toBe(204);
    expect((await lrs('GET', base, l.auth)).json().sort()).toEqual(['resume', 'suspend']);
    expect((await lrs('DELETE', base, l.auth)).statusCode).toBe(204);
    expect((await lrs('GET', `${base}&stateId=resume`, l.auth)).statusCode).toBe(404);
  });

  it('serves a document stored as a page (text/html, SVG) as data: attachment, nosniff, sandboxed — the alternate syntax too (issue 20)', async () => {
    const l = await launch(unitOf(3, 1));
    const agent = encodeURIComponent(JSON.stringify(l.actor));
    const url = `/activities/state?activityId=${encodeURIComponent(l.activityId)}&agent=${agent}&stateId=page`;
    const html = '<html><body><form action="https://evil.example">Sign in again</form></body></html>';
    expect(
      (await lrs('PUT', url, l.auth, Buffer.from(html), { 'content-type': 'text/html' })).statusCode,
    ).toBe(204);
    const direct = await lrs('GET', url, l.auth);
    expect(direct.headers['content-type']).toContain('text/html'); // the type stored is kept (xAPI)
    // A cross-site form can only POST: the alternate syntax carries the parameters in the form.
    const asForm = await ctx.app.inject({
      method: 'POST',
      url: '/api/xapi/activities/state?method=GET',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        activityId: l.activityId,
        agent: JSON.stringify(l.actor),
        stateId: 'page',
        Authorization: l.auth,
        'X-Experience-API-Version': '1.0.3',
      }).toString(),
    });
    for (const res of [direct, asForm]) {
      expect(res.statusCode).toBe(200);
      expect(res.payload).toBe(html);
      expect(res.headers['content-disposition']).toBe('attachment');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
    }
  });

  it("refuses launch credentials for another learner's agent, another activity, or once expired", async () => {
    const l = await launch(unitOf(0, 0));
    const other = { mbox: 'mailto:someone.else@demo-univ.fr' };
    expect(
      (await lrs('POST', '/statements', l.auth, { ...statement(l, 'completed'), actor: other })).statusCode,
    ).toBe(403);
    const elsewhere = {
      ...statement(l, 'completed'),
      object: { id: 'https://medenglish.example/xapi/activities/body-and-anatomy/chapter-quiz' },
    };
    expect((await lrs('POST', '/statements', l.auth, elsewhere)).statusCode).toBe(403);
    const stateOfOther = `/activities/state?activityId=${encodeURIComponent(l.activityId)}&agent=${encodeURIComponent(JSON.stringify(other))}&stateId=resume`;
    expect((await lrs('GET', stateOfOther, l.auth)).statusCode).toBe(403);
    expect(
      (await lrs('GET', `/statements?agent=${encodeURIComponent(JSON.stringify(other))}`, l.auth)).statusCode,
    ).toBe(403);
    // A sub-activity of the unit (a question) is the unit's own.
    const question = {
      ...statement(l, 'answered'),
      object: { id: `${l.activityId}/q1` },
      result: { success: true, response: 'b' },
    };
    expect((await lrs('POST', '/statements', l.auth, question)).statusCode).toBe(200);
    // Forged or missing credentials, and an access token in their place.
    expect((await lrs('GET', '/statements', 'Basic bGF1bmNoOmZvcmdlZA==')).statusCode).toBe(401);
    expect((await lrs('GET', '/statements', `Token ${camille.token}`)).statusCode).toBe(401);
    ctx.clock.advance(13 * 60 * 60 * 1000);
    expect((await lrs('POST', '/statements', l.auth, statement(l, 'completed'))).statusCode).toBe(401);
  });

  it('stores context activities as arrays, voids a statement that arrives after its voiding one, and filters on object agents', async () => {
    const admin = `Basic ${Buffer.from('reports:a-secret-of-sixteen-chars').toString('base64')}`;
    const teacher = { mbox: 'mailto:teacher@demo-univ.fr' };
    const late = randomUUID();
    const [voidingId] = (
      await lrs('POST', '/statements', admin, {
        actor: teacher,
        verb: VERB('voided'),
        object: { objectType: 'StatementRef', id: late },
      })
    ).json();
    const sent = {
      id: late,
      actor: teacher,
      verb: VERB('mentored'),
      object: { objectType: 'Agent', mbox: 'mailto:student.x@demo-univ.fr' },
      context: {
        contextActivities: { parent: { id: 'https://medenglish.example/xapi/activities/patient-history' } },
      },
    };
    expect((await lrs('POST', '/statements', admin, sent)).statusCode).toBe(200);
    expect((await lrs('GET', `/statements?statementId=${late}`, admin)).statusCode).toBe(404);
    const kept = await lrs('GET', `/statements?voidedStatementId=${late}`, admin);
    expect(kept.json().context.contextActivities.parent).toEqual([
      { id: 'https://medenglish.example/xapi/activities/patient-history' },
    ]);
    // The same statement again, as sent (parent not an array), is the same statement: no 409.
    expect((await lrs('POST', '/statements', admin, sent)).statusCode).toBe(200);

    const mentoring = { ...sent, id: randomUUID() };
    await lrs('POST', '/statements', admin, mentoring);
    const student = encodeURIComponent(JSON.stringify({ mbox: 'mailto:student.x@demo-univ.fr' }));
    const found = await lrs('GET', `/statements?agent=${student}`, admin);
    // The mentoring statement, and the voiding statement that targets the voided one (about them).
    expect(
      found
        .json()
        .statements.map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([mentoring.id, voidingId].sort());
    await lrs('POST', '/statements', admin, {
      actor: teacher,
      verb: VERB('experienced'),
      object: {
        objectType: 'Activity',
        id: 'https://example.org/activities/ids',
        definition: { type: 'http://adlnet.gov/expapi/activities/lesson' },
      },
    });
    const ids = await lrs('GET', `/statements?statementId=${mentoring.id}&format=ids`, admin);
    expect(ids.json().verb).toEqual({ id: VERB('mentored').id });
    // Activities reduced to their id alone (issue 18), context activities too; agents to theirs.
    expect(ids.json().object).toEqual({ objectType: 'Agent', mbox: 'mailto:student.x@demo-univ.fr' });
    expect(ids.json().context.contextActivities.parent).toEqual([
      { id: 'https://medenglish.example/xapi/activities/patient-history' },
    ]);
    const activityIds = await lrs(
      'GET',
      `/statements?format=ids&activity=${encodeURIComponent('https://example.org/activities/ids')}`,
      admin,
    );
    expect(activityIds.json().statements[0].object).toEqual({ id: 'https://example.org/activities/ids' });
  });

  it('answers the alternate request syntax, format=canonical, and returns the statements that target a match', async () => {
    const admin = `Basic ${Buffer.from('reports:a-secret-of-sixteen-chars').toString('base64')}`;
    const id = randomUUID();
    const activity = 'https://medenglish.example/xapi/activities/alternate';
    const statement = {
      actor: { mbox: 'mailto:old.browser@demo-univ.fr' },
      verb: { id: VERB('experienced').id, display: { 'en-US': 'experienced', 'fr-FR': 'a découvert' } },
      object: { id: activity, definition: { name: { 'en-GB': 'Handover', 'fr-FR': 'Transmissions' } } },
    };
    const form = (fields: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/xapi/statements?method=${fields.method}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(
          Object.fromEntries(Object.entries(fields).filter(([k]) => k !== 'method')),
        ).toString(),
      });
    const put = await form({
      method: 'PUT',
      statementId: id,
      Authorization: admin,
      'X-Experience-API-Version': '1.0.3',
      'Content-Type': 'application/json',
      content: JSON.stringify(statement),
    });
    expect(put.statusCode).toBe(204);
    const read = await form({
      method: 'GET',
      statementId: id,
      Authorization: admin,
      'X-Experience-API-Version': '1.0.3',
    });
    expect(read.json().id).toBe(id);
    const unauthenticated = await form({
      method: 'GET',
      statementId: id,
      'X-Experience-API-Version': '1.0.3',
    });
    expect(unauthenticated.statusCode).toBe(401);

    const canonical = await lrs('GET', `/statements?statementId=${id}&format=canonical`, admin, undefined, {
      'accept-language': 'fr-FR, en;q=0.5',
    });
    expect(canonical.json().verb.display).toEqual({ 'fr-FR': 'a découvert' });
    expect(canonical.json().object.definition.name).toEqual({ 'fr-FR': 'Transmissions' });

    // A statement about the first one (StatementRef) comes with it when filtering on its activity.
    const comment = {
      actor: { mbox: 'mailto:teacher@demo-univ.fr' },
      verb: VERB('commented'),
      object: { objectType: 'StatementRef', id },
    };
    const [commentId] = (await lrs('POST', '/statements', admin, comment)).json();
    const filtered = await lrs('GET', `/statements?activity=${encodeURIComponent(activity)}`, admin);
    expect(
      filtered
        .json()
        .statements.map((s: { id: string }) => s.id)
        .sort(),
    ).toEqual([id, commentId].sort());
  });

  const ADMIN = `Basic ${Buffer.from('reports:a-secret-of-sixteen-chars').toString('base64')}`;
  const q = (params: Record<string, unknown>) =>
    new URLSearchParams(
      Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ).toString();

  it('answers /activities with the definitions of every statement merged, and /agents with a Person object (issue 18)', async () => {
    const id = `https://example.org/activities/${randomUUID()}`;
    const actor = { objectType: 'Agent', name: 'Ana Reporter', mbox: `mailto:${randomUUID()}@example.org` };
    const about = (name: Record<string, string>) => ({
      actor,
      verb: VERB('experienced'),
      object: {
        objectType: 'Activity',
        id,
        definition: { type: 'http://adlnet.gov/expapi/activities/meeting', name },
      },
    });
    const stored = await lrs('POST', '/statements', ADMIN, [
      about({ 'en-US': 'example meeting' }),
      about({ 'fr-FR': 'réunion' }),
    ]);
    expect(stored.statusCode).toBe(200);

    const activity = await lrs('GET', `/activities?${q({ activityId: id })}`, ADMIN);
    expect(activity.statusCode).toBe(200);
    expect(activity.json()).toEqual({
      objectType: 'Activity',
      id,
      definition: {
        type: 'http://adlnet.gov/expapi/activities/meeting',
        name: { 'en-US': 'example meeting', 'fr-FR': 'réunion' },
      },
    });
    const unknown = `https://example.org/activities/${randomUUID()}`;
    expect((await lrs('GET', `/activities?${q({ activityId: unknown })}`, ADMIN)).json()).toEqual({
      objectType: 'Activity',
      id: unknown,
    });
    expect((await lrs('GET', '/activities', ADMIN)).statusCode).toBe(400);
    expect((await lrs('GET', `/activities?${q({ activityId: 'not an IRI' })}`, ADMIN)).statusCode).toBe(400);

    const person = await lrs('GET', `/agents?${q({ agent: { mbox: actor.mbox } })}`, ADMIN);
    expect(person.statusCode).toBe(200);
    expect(person.json()).toEqual({ objectType: 'Person', name: ['Ana Reporter'], mbox: [actor.mbox] });
    expect((await lrs('GET', '/agents', ADMIN)).statusCode).toBe(400);
    expect((await lrs('GET', `/agents?${q({ agent: { name: 'nobody' } })}`, ADMIN)).statusCode).toBe(400);
    expect((await lrs('GET', '/agents?agent=%7Bnot-json', ADMIN)).statusCode).toBe(400);

    // HEAD answers as GET does, without the body.
    for (const path of [
      `/agents?${q({ agent: { mbox: actor.mbox } })}`,
      `/activities?${q({ activityId: id })}`,
    ]) {
      const head = await lrs('HEAD', path, ADMIN);
      expect(head.statusCode).toBe(200);
      expect(head.payload).toBe('');
    }

    // A launch sees its own learner and its own activity only (a fresh session: the clock moved).
    const l = await launch(unitOf(3, 1), await login(ctx.app, learner.email, FACTORY_PASSWORD));
    expect((await lrs('GET', `/agents?${q({ agent: l.actor })}`, l.auth)).statusCode).toBe(200);
    expect((await lrs('GET', `/agents?${q({ agent: { mbox: actor.mbox } })}`, l.auth)).statusCode).toBe(403);
    expect((await lrs('GET', `/activities?${q({ activityId: l.activityId })}`, l.auth)).statusCode).toBe(200);
    expect((await lrs('GET', `/activities?${q({ activityId: id })}`, l.auth)).statusCode).toBe(403);
  });

  it.each([
    [
      'Agent Profile',
      '/agents/profile',
      { agent: { objectType: 'Agent', mbox: 'mailto:profile@example.org' } },
    ],
    ['Activity Profile', '/activities/profile', { activityId: 'https://example.org/activities/profiled' }],
  ])(
    'keeps %s documents: ETag concurrency, 409 for a blind PUT, JSON merge, id lists since, HEAD (issue 18)',
    async (_name, resource, subject) => {
      const profileId = randomUUID();
      const one = `${resource}?${q({ ...subject, profileId })}`;
      expect((await lrs('GET', one, ADMIN)).statusCode).toBe(404);
      // A PUT says which version it replaces: none (If-None-Match: *) or its ETag.
      expect((await lrs('PUT', one, ADMIN, { a: 1 })).statusCode).toBe(400);
      const created = await lrs('PUT', one, ADMIN, { a: 1 }, { 'if-none-match': '*' });
      expect(created.statusCode).toBe(204);
      const etag = created.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      expect((await lrs('PUT', one, ADMIN, { a: 2 }, { 'if-none-match': '*' })).statusCode).toBe(412);
      const blind = await lrs('PUT', one, ADMIN, { a: 3 });
      expect(blind.statusCode).toBe(409);
      expect(blind.json().error.message).toContain('If-Match');
      expect((await lrs('PUT', one, ADMIN, { a: 4 }, { 'if-match': '"stale"' })).statusCode).toBe(412);
      expect((await lrs('GET', one, ADMIN)).json()).toEqual({ a: 1 });
      const replaced = await lrs('PUT', one, ADMIN, { a: 5, b: { c: 1 } }, { 'if-match': etag });
      expect(replaced.statusCode).toBe(204);

      // POST merges JSON objects, top-level properties of the new one winning.
      expect((await lrs('POST', one, ADMIN, { b: 2, d: true })).statusCode).toBe(204);
      const read = await lrs('GET', one, ADMIN);
      expect(read.json()).toEqual({ a: 5, b: 2, d: true });
      expect(read.headers['content-type']).toContain('application/json');
      expect(read.headers.etag).toBeDefined();
      expect(read.headers['last-modified']).toBeDefined();
      expect(read.headers['content-disposition']).toBe('attachment');
      expect(read.headers['x-content-type-options']).toBe('nosniff');
      expect(read.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      const head = await lrs('HEAD', one, ADMIN);
      expect(head.statusCode).toBe(200);
      expect(head.payload).toBe('');
      expect(head.headers.etag).toBe(read.headers.etag);
      expect((await lrs('POST', one, ADMIN, '[1]', { 'content-type': 'application/json' })).statusCode).toBe(
        400,
      );
      const deep = '{"a":'.repeat(100) + '1' + '}'.repeat(100);
      expect((await lrs('POST', one, ADMIN, deep, { 'content-type': 'application/json' })).statusCode).toBe(
        400,
      );

      // The list of ids, and those stored since a moment.
      const first = ctx.clock.now().toISOString();
      const before = new Date(ctx.clock.now().getTime() - 1).toISOString();
      ctx.clock.advance(1000);
      const second = randomUUID();
      await lrs('POST', `${resource}?${q({ ...subject, profileId: second })}`, ADMIN, { x: 1 });
      expect((await lrs('GET', `${resource}?${q(subject)}`, ADMIN)).json()).toEqual(
        expect.arrayContaining([profileId, second]),
      );
      expect((await lrs('GET', `${resource}?${q({ ...subject, since: before })}`, ADMIN)).json()).toEqual(
        expect.arrayContaining([profileId, second]),
      );
      expect((await lrs('GET', `${resource}?${q({ ...subject, since: first })}`, ADMIN)).json()).toEqual([
        second,
      ]);
      expect(
        (await lrs('GET', `${resource}?${q({ ...subject, since: 'yesterday' })}`, ADMIN)).statusCode,
      ).toBe(400);

      // A page stays data.
      const page = `${resource}?${q({ ...subject, profileId: randomUUID() })}`;
      await lrs('PUT', page, ADMIN, Buffer.from('<html></html>'), {
        'content-type': 'text/html',
        'if-none-match': '*',
      });
      const html = await lrs('GET', page, ADMIN);
      expect(html.headers['content-type']).toContain('text/html');
      expect(html.headers['content-disposition']).toBe('attachment');

      // DELETE, checked against If-Match when sent; a DELETE names its document.
      expect((await lrs('DELETE', one, ADMIN, undefined, { 'if-match': '"stale"' })).statusCode).toBe(412);
      expect((await lrs('DELETE', `${resource}?${q(subject)}`, ADMIN)).statusCode).toBe(400);
      expect((await lrs('DELETE', one, ADMIN)).statusCode).toBe(204);
      expect((await lrs('GET', one, ADMIN)).statusCode).toBe(404);
      expect((await lrs('GET', `${resource}?${q({ ...subject, colour: 'blue' })}`, ADMIN)).statusCode).toBe(
        400,
      );
    },
  );

  it("gives a launch its own learner's agent profiles and read-only profiles of its activity (issue 18)", async () => {
    const l = await launch(unitOf(3, 1), await login(ctx.app, learner.email, FACTORY_PASSWORD));
    const own = `/agents/profile?${q({ agent: l.actor, profileId: 'preferences' })}`;
    expect((await lrs('PUT', own, l.auth, { voice: 'en-GB' }, { 'if-none-match': '*' })).statusCode).toBe(
      204,
    );
    expect((await lrs('GET', own, l.auth)).json()).toEqual({ voice: 'en-GB' });
    const other = `/agents/profile?${q({ agent: { mbox: 'mailto:someone@example.org' }, profileId: 'p' })}`;
    expect((await lrs('GET', other, l.auth)).statusCode).toBe(403);
    const activity = `/activities/profile?${q({ activityId: l.activityId, profileId: 'p' })}`;
    expect((await lrs('GET', activity, l.auth)).statusCode).toBe(404);
    expect((await lrs('PUT', activity, l.auth, { a: 1 }, { 'if-none-match': '*' })).statusCode).toBe(403);
    const elsewhere = `/activities/profile?${q({ activityId: 'https://example.org/elsewhere', profileId: 'p' })}`;
    expect((await lrs('GET', elsewhere, l.auth)).statusCode).toBe(403);
  });

  it('takes statements as application/json only, and the alternate syntax with real headers for what the form leaves out (issue 18)', async () => {
    const one = () => ({
      actor: { mbox: 'mailto:content.type@example.org' },
      verb: VERB('experienced'),
      object: { id: 'https://example.org/activities/content-type' },
    });
    const json = JSON.stringify(one());
    for (const type of ['text/plain', 'multipart/form-data; boundary=xyz', 'application/jsonp']) {
      const res = await lrs('POST', '/statements', ADMIN, json, { 'content-type': type });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('application/json');
    }
    const id = randomUUID();
    expect((await lrs('PUT', `/statements?statementId=${id}`, ADMIN, json)).statusCode).toBe(400);
    const charset = { 'content-type': 'application/json; charset=utf-8' };
    expect((await lrs('POST', '/statements', ADMIN, json, charset)).statusCode).toBe(200);

    // Credentials and version as real headers; the content is JSON unless the form says otherwise.
    const form = (method: string, fields: Record<string, string>, headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/xapi/statements?method=${method}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(fields).toString(),
      });
    const real = { authorization: ADMIN, 'x-experience-api-version': '1.0.3' };
    expect((await form('PUT', { statementId: id, content: json }, real)).statusCode).toBe(204);
    const page = await form('GET', { limit: '1' }, real);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveProperty('statements');
    expect(page.json()).toHaveProperty('more');
    // The form's own fields win: a version the store does not speak is refused.
    const old = await form(
      'PUT',
      { statementId: randomUUID(), 'X-Experience-API-Version': '0.8', content: json },
      real,
    );
    expect(old.statusCode).toBe(400);
    expect((await form('GET', { limit: '1' }, { 'x-experience-api-version': '1.0.3' })).statusCode).toBe(401);
  });

  it('answers 405 to a method a resource does not take, and says its version on every answer', async () => {
    const removal = await ctx.app.inject({ method: 'DELETE', url: '/api/xapi/statements' });
    expect(removal.statusCode).toBe(405);
    expect(removal.headers.allow).toBe('GET, HEAD, PUT, POST');
    expect(removal.headers['x-experience-api-version']).toBe('1.0.3');
    const missing = await lrs('GET', '/not-a-resource', ADMIN);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-experience-api-version']).toBe('1.0.3');
    const misuse = await ctx.app.inject({ method: 'GET', url: '/api/xapi/statements?colour=blue' });
    expect(misuse.headers['x-experience-api-consistent-through']).toBeDefined();
  });

  it('answers /about without credentials, and CORS preflights for sandboxed frames', async () => {
    const about = await ctx.app.inject({ method: 'GET', url: '/api/xapi/about' });
    expect(about.json().version).toContain('1.0.3');
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/xapi/statements',
      headers: {
        origin: 'null',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toContain('X-Experience-API-Version');
  });
});
