import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCode } from '@medenglish/shared';
import { DEMO_IDS } from '../demo/demo-ids.js';
import { call } from '../test/api.js';
import {
  FACTORY_PASSWORD,
  groupIdByName,
  makeGroupFile,
  makePlacementTest,
  makeSurvey,
  makeUser,
  type MadeUser,
} from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-app.js';

/**
 * The access table (issue 11): every route of the OpenAPI description × every role × the ids of
 * the caller, of another learner of their company, of their company's other group and of another
 * company. The expectations below are written independently of plugins/access-policy.ts, so that
 * dropping a requirement from a route, or adding a route without a line here, fails this test.
 */

/** What decides a route's answer, in terms of the ids a request names. */
interface Facts {
  self: boolean; // the user named is the caller
  company: boolean; // the company named is the caller's
  member: boolean; // the caller is a member of the group named
  ownTest: boolean; // the placement test named is the caller's
  surveyOfCompany: boolean; // the survey named is offered to the caller's company
  fileOfOwnGroup: boolean; // the file named is in one of the caller's groups
  learner: boolean; // the caller is a learner (staff join no group through the learner's calls)
  admin: boolean; // the caller is an admin of the platform
}
type Rule = 'public' | 'lrs' | ((f: Facts) => boolean);

interface Ids {
  user: string;
  email: string;
  company: string;
  group: string;
  test: string;
  survey: string;
  file: string;
  caller: string;
  /** The semester of the user named (0 when they have none), as the survey look-up sends it. */
  semester: number;
}

interface Line {
  rule: Rule;
  /** The request path, with :user, :company, :group, :test, :survey, :file and :email filled in. */
  path?: string;
  body?: (ids: Ids) => unknown;
}

const anyone = () => true;
const self = (f: Facts) => f.self;
const company = (f: Facts) => f.company;
const selfInCompany = (f: Facts) => f.self && f.company;
const selfInGroup = (f: Facts) => f.self && f.member;

const TABLE: Record<string, Line> = {
  'GET /api/health': { rule: 'public' },
  'GET /api/time': { rule: 'public' },
  'GET /api/config/public': { rule: 'public' },
  'POST /api/student/login': { rule: 'public', body: () => ({ email: 'x@example.com', password: 'x' }) },
  'POST /api/refresh': { rule: 'public', body: () => ({ email: 'x@example.com', refreshToken: 'x' }) },
  'POST /api/student/logout': { rule: 'public', body: () => ({ refreshToken: 'x' }) },
  'POST /api/auth/forgot_password': { rule: 'public', body: () => ({ email: 'x@example.com' }) },
  'POST /api/forgotPassword': { rule: 'public', body: () => ({ email: 'x@example.com' }) },
  'PUT /api/resetPassword': { rule: 'public', body: () => ({ token: 'x', password: 'x' }) },
  'POST /api/student': { rule: 'public', body: () => ({}) },
  'POST /api/student/email': { rule: 'public', body: () => ({ email: 'x@example.com' }) },
  'POST /api/confirmation/{a}/{b}': { rule: 'public', path: '/api/confirmation/:user/x' },
  'GET /api/code/name/{code}': { rule: 'public', path: '/api/code/name/NO-SUCH-CODE' },

  'POST /api/student/sendnewmail': { rule: anyone },
  'GET /api/student/{id}': { rule: self, path: '/api/student/:user' },
  'GET /api/student/company/{id}': { rule: self, path: '/api/student/company/:user' },
  'GET /api/company/student/{id}': { rule: self, path: '/api/company/student/:user' },
  'PUT /api/student/names/{id}': {
    rule: self,
    path: '/api/student/names/:user',
    body: () => ({ firstname: 'Alex', name: 'Durand' }),
  },
  'PUT /api/student/language/{id}': {
    rule: self,
    path: '/api/student/language/:user',
    body: () => ({ language: 'en' }),
  },
  'GET /api/company/{id}': { rule: company, path: '/api/company/:company' },
  'GET /api/companyData/{id}': { rule: company, path: '/api/companyData/:company' },
  'GET /api/group/user/{userId}': { rule: self, path: '/api/group/user/:user' },
  'GET /api/group/exam/{userId}': { rule: self, path: '/api/group/exam/:user' },
  'GET /api/group/company/{id}': { rule: company, path: '/api/group/company/:company' },
  'POST /api/group/associate/{companyId}': {
    // The placement result gives the level; a learner joins a group of their own semester.
    rule: (f) => f.self && f.company && f.learner,
    path: '/api/group/associate/:company',
    body: (ids) => ({ user: ids.user, semester: 3, level: 1 }),
  },
  'GET /api/notifications/custom/{userId}/{companyId}/{range}': {
    rule: selfInCompany,
    path: '/api/notifications/custom/:user/:company/Student',
  },
  'POST /api/test/init/{testModelId}': {
    rule: self,
    path: '/api/test/init/placement-v1',
    body: (ids) => ({ user: ids.user }),
  },
  'PUT /api/test/{testId}': {
    rule: (f) => f.ownTest,
    path: '/api/test/:test',
    body: () => ({ answers: [{ question: '00000000-0000-4000-8000-000000000000', answerIndex: [0] }] }),
  },
  'PUT /api/test/{testId}/audio': {
    rule: (f) => f.ownTest,
    path: '/api/test/:test/audio',
    body: () => ({ media: 'oc-01-booking-call.mp3' }),
  },
  'GET /api/test/user/{userId}': { rule: self, path: '/api/test/user/:user' },
  'PUT /api/unittrackers/timer/{id}': {
    rule: self,
    path: '/api/unittrackers/timer/:user',
    body: () => ({ time: 30 }),
  },
  'GET /api/unittrackers/time/': { rule: anyone },
  'GET /api/idletracker/user/{userId}/{groupId}': {
    rule: selfInGroup,
    path: '/api/idletracker/user/:user/:group',
  },
  'GET /api/unittrackers/user/{userId}/{groupId}': {
    rule: selfInGroup,
    path: '/api/unittrackers/user/:user/:group',
  },
  'GET /api/unittrackers/latest/{userId}/{groupId}': {
    rule: selfInGroup,
    path: '/api/unittrackers/latest/:user/:group',
  },
  'GET /api/results/global/{userId}/{email}/{groupId}': {
    rule: selfInGroup,
    path: '/api/results/global/:user/:email/:group',
  },
  'POST /api/progresstrackers/{userId}': {
    rule: selfInGroup,
    path: '/api/progresstrackers/:user',
    body: (ids) => ({
      groupId: ids.group,
      progress: { completionRate: 0, successRate: 0, date: '2026-01-01', time: 0, sec: 0 },
    }),
  },
  'GET /api/funfact': { rule: anyone },
  'GET /api/funfact/random/{id}': { rule: anyone, path: '/api/funfact/random/:user' },
  'GET /api/news/last/{type}': { rule: anyone, path: '/api/news/last/Students' },
  'GET /api/survey/single/{userId}/{audience}/{semester}/{companyId}': {
    rule: selfInCompany,
    path: '/api/survey/single/:user/Students/:semester/:company',
  },
  'PUT /api/survey/{id}': {
    rule: (f) => f.surveyOfCompany,
    path: '/api/survey/:survey',
    body: (ids) => ({ usersDone: [ids.caller] }),
  },
  'PUT /api/survey/later/{id}': { rule: (f) => f.surveyOfCompany, path: '/api/survey/later/:survey' },
  'PUT /api/student/satisfaction/{id}': {
    rule: self,
    path: '/api/student/satisfaction/:user',
    body: (ids) => ({ surveyId: ids.survey }),
  },
  'GET /api/googlestorage/files/{kind}/{company}/{group}': {
    rule: (f) => f.company && f.member,
    path: '/api/googlestorage/files/distribution/:company/:group',
  },
  'POST /api/googlestorage/download': {
    rule: (f) => f.fileOfOwnGroup,
    body: (ids) => ({ filename: ids.file }),
  },
  'GET /api/module/user/{userId}/{groupId}': { rule: selfInGroup, path: '/api/module/user/:user/:group' },
  'GET /api/module/totalquiz/{userId}/{groupId}': {
    rule: selfInGroup,
    path: '/api/module/totalquiz/:user/:group',
  },
  'GET /api/module/percentage/{userId}/{groupId}': {
    rule: selfInGroup,
    path: '/api/module/percentage/:user/:group',
  },
  'GET /api/module/progress/{userId}/{groupId}': {
    rule: selfInGroup,
    path: '/api/module/progress/:user/:group',
  },
  'POST /api/module/test/{userId}': {
    rule: selfInGroup,
    path: '/api/module/test/:user',
    body: (ids) => ({ email: ids.email, groupId: ids.group }),
  },
  'POST /api/xapi/launch/{unitId}': {
    rule: (f) => f.member,
    path: '/api/xapi/launch/00000000-0000-4000-8000-000000000000',
    body: (ids) => ({ groupId: ids.group }),
  },

  'GET /api/admin/outbox': { rule: (f) => f.admin },

  // The learning record store answers its own credentials only (never a learner's access token).
  'OPTIONS /api/xapi/{*}': { rule: 'public', path: '/api/xapi/statements' },
  'GET /api/xapi/about': { rule: 'public' },
  'POST /api/xapi/statements': { rule: 'lrs' },
  'PUT /api/xapi/statements': { rule: 'lrs', path: '/api/xapi/statements?statementId=:user' },
  'GET /api/xapi/statements': { rule: 'lrs' },
  'GET /api/xapi/activities/state': { rule: 'lrs' },
  'PUT /api/xapi/activities/state': { rule: 'lrs' },
  'POST /api/xapi/activities/state': { rule: 'lrs' },
  'DELETE /api/xapi/activities/state': { rule: 'lrs' },
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';

interface Caller extends MadeUser {
  token: string;
  semester: number;
  memberOf: string[];
  test: string | null;
}

describe('the access table: every route × role × whose ids', () => {
  let ctx: TestContext;
  let routes: string[];
  const callers: Record<string, Caller> = {};
  type Scenario =
    | 'own'
    | 'another learner of the company'
    | 'own id, a group of the company not theirs'
    | 'another company';
  let scenarios: (c: Caller) => Record<Scenario, Ids>;
  let facts: (c: Caller, ids: Ids) => Facts;

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );

    const [s3a, s3b, clinicGroup] = await Promise.all([
      groupIdByName(db, 'S3 – Groupe A'),
      groupIdByName(db, 'S3 – Groupe B'),
      groupIdByName(db, 'Parcours Clinique'),
    ]);
    const univ = DEMO_IDS.universite;
    const signIn = async (user: MadeUser, memberOf: string[]): Promise<Caller> => {
      const res = await call(ctx.app, 'POST', '/api/student/login', {
        body: { email: user.email, password: FACTORY_PASSWORD },
      });
      expect(res.status).toBe(200);
      // A learner placed at level 1 (score 3 of 10): the association with a level-1 group is theirs.
      const test = user.role === 'learner' ? await makePlacementTest(db, user.id, 3) : null;
      return { ...user, token: res.json.token, memberOf, test, semester: user.role === 'learner' ? 3 : 0 };
    };
    callers.learner = await signIn(await makeUser(db, { companyId: univ, memberOf: [s3a] }), [s3a]);
    callers.teacher = await signIn(
      await makeUser(db, { companyId: univ, role: 'teacher', teaches: [s3a, s3b] }),
      [],
    );
    callers.manager = await signIn(await makeUser(db, { companyId: univ, role: 'manager' }), []);
    callers.admin = await signIn(await makeUser(db, { companyId: DEMO_IDS.platform, role: 'admin' }), []);

    const classmate = await makeUser(db, { companyId: univ, memberOf: [s3a] });
    const outsider = await makeUser(db, {
      companyId: DEMO_IDS.clinique,
      semester: null,
      memberOf: [clinicGroup],
    });
    const classmateTest = await makePlacementTest(db, classmate.id);
    const outsiderTest = await makePlacementTest(db, outsider.id);
    const testOwner = new Map<string, string>([
      [classmateTest, classmate.id],
      [outsiderTest, outsider.id],
      ...Object.values(callers).flatMap((c) => (c.test ? [[c.test, c.id] as [string, string]] : [])),
    ]);
    const univSurvey = await makeSurvey(db, univ);
    const clinicSurvey = await makeSurvey(db, DEMO_IDS.clinique);
    const surveyCompany = new Map([
      [univSurvey, univ],
      [clinicSurvey, DEMO_IDS.clinique],
    ]);
    const s3aFile = await makeGroupFile(db, s3a);
    const clinicFile = await makeGroupFile(db, clinicGroup);
    const fileGroup = new Map([
      [s3aFile, s3a],
      [clinicFile, clinicGroup],
    ]);

    scenarios = (c) => {
      const base = { caller: c.id, survey: univSurvey, file: s3aFile };
      return {
        own: {
          ...base,
          user: c.id,
          email: c.email,
          company: c.companyId,
          group: s3a,
          test: c.test ?? classmateTest,
          semester: c.semester,
        },
        'another learner of the company': {
          ...base,
          user: classmate.id,
          email: classmate.email,
          company: univ,
          group: s3a,
          test: classmateTest,
          semester: 3,
        },
        'own id, a group of the company not theirs': {
          ...base,
          user: c.id,
          email: c.email,
          company: c.companyId,
          group: s3b,
          test: c.test ?? classmateTest,
          semester: c.semester,
        },
        'another company': {
          caller: c.id,
          user: outsider.id,
          email: outsider.email,
          company: DEMO_IDS.clinique,
          group: clinicGroup,
          test: outsiderTest,
          survey: clinicSurvey,
          file: clinicFile,
          semester: 0,
        },
      };
    };
    facts = (c, ids) => ({
      self: ids.user === c.id,
      company: ids.company === c.companyId,
      member: c.memberOf.includes(ids.group),
      ownTest: testOwner.get(ids.test) === c.id,
      surveyOfCompany: surveyCompany.get(ids.survey) === c.companyId,
      fileOfOwnGroup: c.memberOf.includes(fileGroup.get(ids.file)!),
      learner: c.role === 'learner',
      admin: c.role === 'admin',
    });
  });

  afterAll(async () => ctx?.close());

  const fill = (path: string, ids: Ids) =>
    path
      .replace(':user', ids.user)
      .replace(':company', ids.company)
      .replace(':group', ids.group)
      .replace(':test', ids.test)
      .replace(':survey', ids.survey)
      .replace(':file', ids.file)
      .replace(':email', encodeURIComponent(ids.email))
      .replace(':semester', String(ids.semester));

  const request = (route: string, ids: Ids, token?: string) => {
    const [method, openApiPath] = route.split(' ') as [Method, string];
    const line = TABLE[route]!;
    return call(ctx.app, method as 'GET', fill(line.path ?? openApiPath, ids), {
      token,
      body: line.body?.(ids),
    });
  };

  /** A digest of every table a request could change (rate-limit counters aside). */
  async function fingerprint(): Promise<string> {
    const db = ctx.database.db;
    const tables = (await db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'rate_limits' ORDER BY table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    const parts: string[] = [];
    for (const { table_name } of tables.rows) {
      const result = (await db.execute(
        sql.raw(
          `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${table_name}" t`,
        ),
      )) as unknown as { rows: { h: string }[] };
      parts.push(`${table_name}:${result.rows[0]!.h}`);
    }
    return parts.join(',');
  }

  it('has a line for every route of the OpenAPI description, and no line for a route that is gone', () => {
    const unknown = routes.filter((r) => !(r in TABLE));
    expect(unknown, 'routes missing from the access table').toEqual([]);
    const gone = Object.keys(TABLE).filter((r) => !routes.includes(r));
    expect(gone, 'lines of the access table with no route').toEqual([]);
  });

  it('refuses every signed-in route without a token, or with a forged one, changing nothing', async () => {
    const before = await fingerprint();
    const ids = scenarios(callers.learner!).own;
    for (const route of routes) {
      const rule = TABLE[route]!.rule;
      if (rule === 'public' || rule === 'lrs') continue;
      for (const token of [undefined, `${callers.learner!.token.slice(0, -4)}AAAA`]) {
        const res = await request(route, ids, token);
        expect(res.status, `${route} with ${token ? 'a forged' : 'no'} token`).toBe(401);
      }
    }
    expect(await fingerprint()).toBe(before);
  });

  it('answers public routes without a token', async () => {
    const ids = scenarios(callers.learner!).own;
    for (const route of routes.filter((r) => TABLE[r]!.rule === 'public')) {
      const res = await request(route, ids);
      // A public route may refuse what it is sent (a wrong password is a 401), never the caller.
      expect([ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN], route).not.toContain(res.json?.error?.code);
    }
  });

  it('refuses the LRS routes without its own credentials, a learner access token included', async () => {
    const ids = scenarios(callers.learner!).own;
    for (const route of routes.filter((r) => TABLE[r]!.rule === 'lrs')) {
      const [method, openApiPath] = route.split(' ') as ['GET', string];
      const url = TABLE[route]!.path?.replace(':user', ids.user) ?? openApiPath;
      for (const authorization of [undefined, `Token ${callers.learner!.token}`]) {
        const res = await call(ctx.app, method, url, {
          headers: { 'x-experience-api-version': '1.0.3', ...(authorization ? { authorization } : {}) },
        });
        expect(res.status, `${route} ${authorization ? 'with a learner token' : 'without credentials'}`).toBe(
          401,
        );
      }
    }
  });

  for (const role of ['learner', 'teacher', 'manager', 'admin'] as const) {
    it(`answers ${role === 'admin' ? 'an' : 'a'} ${role} as the table says, and a refusal changes nothing`, async () => {
      const caller = callers[role]!;
      const outcomes: string[] = [];
      for (const route of routes) {
        const rule = TABLE[route]!.rule;
        if (rule === 'public' || rule === 'lrs') continue;
        const all = Object.entries(scenarios(caller)) as [Scenario, Ids][];
        // Refusals first, so that the digest compares data no allowed call of this route has changed.
        const refused = all.filter(([, ids]) => !rule(facts(caller, ids)));
        const allowed = all.filter(([, ids]) => rule(facts(caller, ids)));
        const before = await fingerprint();
        for (const [name, ids] of refused) {
          const res = await request(route, ids, caller.token);
          if (![403, 404].includes(res.status))
            outcomes.push(`${route} (${name}) should be refused: ${res.status}`);
        }
        if (refused.length > 0 && (await fingerprint()) !== before) {
          outcomes.push(`${route}: a refused request changed data`);
        }
        for (const [name, ids] of allowed) {
          const res = await request(route, ids, caller.token);
          if ([401, 403].includes(res.status))
            outcomes.push(`${route} (${name}) should be allowed: ${res.status}`);
        }
      }
      expect(outcomes).toEqual([]);
    });
  }
});
