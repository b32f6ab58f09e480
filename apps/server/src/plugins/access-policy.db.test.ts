import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Role } from '@medenglish/shared';
import { DEMO_IDS } from '../demo/demo-ids.js';
import type { Deps } from '../deps.js';
import { createAccessTokens, type AccessTokens } from '../modules/auth/access-tokens.js';
import { groupIdByName, makeUser, type MadeUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import {
  allow,
  anyOf,
  objectOf,
  ownCredentials,
  PUBLIC_ROUTES,
  publicRoute,
  registerAccessPolicy,
  role,
  self,
  staffOfCompany,
  staffOfGroup,
} from './access-policy.js';
import { registerErrorHandler } from './error-handler.js';

/** The requirements of the policy module on a small app of their own (the staff ones included). */
describe('the access policy', () => {
  let ctx: TestContext;
  let tokens: AccessTokens;
  let deps: Deps;
  let s3a: string;
  let s3b: string;
  let clinicGroup: string;
  const people: Record<string, MadeUser> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    tokens = await createAccessTokens(new TextEncoder().encode('k'.repeat(48)), 15, ctx.clock);
    deps = { config: ctx.config, clock: ctx.clock, db, accessTokens: tokens } as unknown as Deps;
    [s3a, s3b, clinicGroup] = await Promise.all([
      groupIdByName(db, 'S3 – Groupe A'),
      groupIdByName(db, 'S3 – Groupe B'),
      groupIdByName(db, 'Parcours Clinique'),
    ]);
    const univ = DEMO_IDS.universite;
    people.learner = await makeUser(db, { companyId: univ, memberOf: [s3a] });
    people.teacher = await makeUser(db, { companyId: univ, role: 'teacher', teaches: [s3a] });
    people.manager = await makeUser(db, { companyId: univ, role: 'manager' });
    people.clinicManager = await makeUser(db, { companyId: DEMO_IDS.clinique, role: 'manager' });
    people.admin = await makeUser(db, { companyId: DEMO_IDS.platform, role: 'admin' });
  });
  afterAll(async () => ctx?.close());

  async function appWith(
    register: (app: FastifyInstance) => void,
    publicRoutes: Record<string, string> = {},
  ) {
    const app = Fastify();
    app.decorateRequest('auth', null);
    registerErrorHandler(app);
    registerAccessPolicy(app, deps, { publicRoutes });
    register(app);
    await app.ready();
    return app;
  }

  const openList = { 'GET /api/open': 'test' };

  const tokenOf = (who: MadeUser) =>
    tokens.sign({ userId: who.id, companyId: who.companyId, role: who.role as Role });

  it('refuses to start with an /api route that declares no access', async () => {
    await expect(appWith((app) => app.get('/api/forgotten', () => 'open'))).rejects.toThrow(
      /GET \/api\/forgotten declares no access/,
    );
    // Outside /api (the web app, stored media), routes need no declaration.
    const app = await appWith((a) => a.get('/page', () => 'page'));
    expect((await app.inject('/page')).statusCode).toBe(200);
    await app.close();
  });

  it('lets anyone call a public route, and only a signed-in caller call the others', async () => {
    const app = await appWith((a) => {
      a.get('/api/open', { config: { access: publicRoute() } }, () => 'open');
      a.get('/api/closed', { config: { access: allow() } }, () => 'closed');
    }, openList);
    expect((await app.inject({ method: 'HEAD', url: '/api/open' })).statusCode).toBe(200);
    expect((await app.inject('/api/open')).statusCode).toBe(200);
    expect((await app.inject('/api/closed')).statusCode).toBe(401);
    const ok = await app.inject({
      url: '/api/closed',
      headers: { authorization: `Token ${await tokenOf(people.learner!)}` },
    });
    expect(ok.statusCode).toBe(200);
    await app.close();
  });

  it('opens only the routes of the one public list, and every route of that list', async () => {
    const open = (a: FastifyInstance) =>
      a.get('/api/open', { config: { access: publicRoute() } }, () => 'open');
    // A public route the list does not name: the app does not start.
    await expect(
      appWith((a) => a.post('/api/open', { config: { access: publicRoute() } }, () => 'open'), openList),
    ).rejects.toThrow(/POST \/api\/open is public but not in PUBLIC_ROUTES/);
    // A line naming no route: the app does not start either.
    await expect(
      appWith(open, { 'GET /api/open': 'test', 'GET /api/gone': 'a route since removed' }),
    ).rejects.toThrow(/PUBLIC_ROUTES names routes that do not exist: GET \/api\/gone/);
    // Only the LRS answers its own credentials.
    await expect(
      appWith((a) => {
        open(a);
        a.get('/api/mine', { config: { access: ownCredentials('test') } }, () => 'mine');
      }, openList),
    ).rejects.toThrow(/GET \/api\/mine: only the LRS/);
    // The list is short, and every line says why (single sign-on's flow and the two health checks
    // of issue 16 brought it to 22, the password check of issue 20 to 23, the cmi5 fetch URL of issue
    // 18 to 24, and its CORS preflight to 25).
    expect(Object.keys(PUBLIC_ROUTES).length).toBeLessThanOrEqual(25);
    for (const [route, reason] of Object.entries(PUBLIC_ROUTES)) {
      expect(route).toMatch(/^(GET|POST|PUT|OPTIONS) \/api\//);
      expect(reason.length, route).toBeGreaterThan(5);
    }
  });

  it('decides staff of a group: its teacher, its company’s manager, an admin — not a learner of it', async () => {
    const app = await appWith((a) =>
      a.get('/api/groups/:group', { config: { access: allow(staffOfGroup('group')) } }, () => 'ok'),
    );
    const status = async (who: MadeUser, group: string) =>
      (
        await app.inject({
          url: `/api/groups/${group}`,
          headers: { authorization: `Token ${await tokenOf(who)}` },
        })
      ).statusCode;
    expect(await status(people.teacher!, s3a)).toBe(200);
    expect(await status(people.teacher!, s3b)).toBe(403); // a group of the school it does not teach
    expect(await status(people.manager!, s3b)).toBe(200);
    expect(await status(people.manager!, clinicGroup)).toBe(403);
    expect(await status(people.clinicManager!, clinicGroup)).toBe(200);
    expect(await status(people.admin!, clinicGroup)).toBe(200);
    expect(await status(people.learner!, s3a)).toBe(403); // a member is not staff
    await app.close();
  });

  it('decides staff of a company, roles, and either of two requirements', async () => {
    const app = await appWith((a) => {
      a.get('/api/companies/:company', { config: { access: allow(staffOfCompany('company')) } }, () => 'ok');
      a.get('/api/admin', { config: { access: allow(role('admin')) } }, () => 'ok');
      a.get(
        '/api/learners/:user/:group',
        { config: { access: allow(anyOf(self('user'), staffOfGroup('group'))) } },
        () => 'ok',
      );
    });
    const status = async (who: MadeUser, url: string) =>
      (await app.inject({ url, headers: { authorization: `Token ${await tokenOf(who)}` } })).statusCode;
    const univ = DEMO_IDS.universite;
    expect(await status(people.manager!, `/api/companies/${univ}`)).toBe(200);
    expect(await status(people.manager!, `/api/companies/${DEMO_IDS.clinique}`)).toBe(403);
    expect(await status(people.teacher!, `/api/companies/${univ}`)).toBe(403);
    expect(await status(people.admin!, `/api/companies/${DEMO_IDS.clinique}`)).toBe(200);
    expect(await status(people.admin!, '/api/admin')).toBe(200);
    expect(await status(people.manager!, '/api/admin')).toBe(403);
    const learner = people.learner!;
    expect(await status(learner, `/api/learners/${learner.id}/${s3a}`)).toBe(200);
    expect(await status(people.teacher!, `/api/learners/${learner.id}/${s3a}`)).toBe(200);
    expect(await status(people.teacher!, `/api/learners/${learner.id}/${s3b}`)).toBe(403);
    expect(await status(people.clinicManager!, `/api/learners/${learner.id}/${s3a}`)).toBe(403);
    await app.close();
  });

  it('refuses an object out of reach with 404, as an unknown or malformed id, so ids cannot be probed', async () => {
    const mine = '11111111-1111-4111-8111-111111111111';
    const app = await appWith((a) =>
      a.get(
        '/api/things/:id',
        {
          config: { access: allow(objectOf('thing of the caller', 'id', async (_deps, id) => id === mine)) },
        },
        () => 'ok',
      ),
    );
    const token = await tokenOf(people.learner!);
    const status = async (id: string) =>
      (await app.inject({ url: `/api/things/${id}`, headers: { authorization: `Token ${token}` } }))
        .statusCode;
    expect(await status(mine)).toBe(200);
    expect(await status('22222222-2222-4222-8222-222222222222')).toBe(404);
    expect(await status('not-an-id')).toBe(404);
    await app.close();
  });

  it('reads a token without a role as a learner’s, and refuses one with an unknown role', async () => {
    const { SignJWT } = await import('jose');
    const key = new TextEncoder().encode('k'.repeat(48));
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(people.admin!.id)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(key);
    const old = await tokens.verify(await sign({ cid: DEMO_IDS.platform }));
    expect(old?.role).toBe('learner');
    expect(await tokens.verify(await sign({ cid: DEMO_IDS.platform, rol: 'superuser' }))).toBeNull();
  });
});
