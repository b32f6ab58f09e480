import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isValidName, messages } from '@medenglish/shared';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { users } from '../../db/schema.js';
import {
  DEMO_IDP_CLIENT_ID,
  DEMO_IDP_PREFIX,
  mountDemoIdentityProvider,
  type DemoIdpAccount,
} from '../../integrations/sso/demo-identity-provider.js';
import { call } from '../../test/api.js';
import { FACTORY_PASSWORD, makeUser } from '../../test/factories.js';
import { browser, freePort, signOnUntilHandoff } from '../../test/sso-browser.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const SECRET = 'tenancy-test-client-secret';
const account = (sub: string, email: string, given = 'Alex', family = 'Martin'): DemoIdpAccount => ({
  sub,
  email,
  given_name: given,
  family_name: family,
  password: 'DemoPass2026',
});

/**
 * Issue 32: a school's provider speaks for its own school only. Two providers configured through
 * SSO_PROVIDERS, each a real OpenID provider (oidc-provider) on its own port whose directory
 * asserts, with email_verified, addresses it has no business vouching for: they may sign in, link
 * or create only addresses of their domain, learner accounts of their company whose address was
 * confirmed; never staff. The legitimate first sign-in links and ends the account's other sessions.
 */
describe("school sign-on bound to the provider's school", () => {
  let ctx: TestContext;
  let origin: string;
  const idps: FastifyInstance[] = [];
  const ids = { teacher: '', otherCompany: '', squatter: '', legit: '' };

  async function startIdp(port: number, provider: string, accounts: DemoIdpAccount[]) {
    const idp = Fastify({ logger: false, forceCloseConnections: true });
    await mountDemoIdentityProvider(idp, {
      issuer: `http://127.0.0.1:${port}${DEMO_IDP_PREFIX}`,
      clientSecret: SECRET,
      redirectUri: `${origin}/api/sso/${provider}/callback`,
      postLogoutRedirectUri: `${origin}/`,
      accounts,
    });
    await idp.listen({ port, host: '127.0.0.1' });
    idps.push(idp);
    return `http://127.0.0.1:${port}${DEMO_IDP_PREFIX}`;
  }

  beforeAll(async () => {
    const [port, schoolPort, clinicPort] = [await freePort(), await freePort(), await freePort()];
    origin = `http://127.0.0.1:${port}`;
    const school = await startIdp(schoolPort, 'fac', [
      account('a1', 'admin.demo@medenglish.example'),
      account('a2', 'etudiant.demo@demo-univ.fr'),
      account('a3', 'prof.sso@etu.demo-univ.fr'),
      account('a4', 'ailleurs@etu.demo-univ.fr'),
      account('a5', 'squat@etu.demo-univ.fr'),
      account('a6', 'legit@etu.demo-univ.fr'),
      account('a7', 'nouvelle@etu.demo-univ.fr', '<img src=x onerror=alert(1)>Zoé', '<b>Durand</b>'),
      account('a8', 'unverified@etu.demo-univ.fr'),
      account('a9', 'intrus@etu.demo-univ.fr@medenglish.example'),
    ]);
    const clinic = await startIdp(clinicPort, 'clinique', [
      account('c1', 'etudiant.demo@demo-univ.fr'),
      account('c2', 'salarie.demo@clinique-demo.com', 'Sarah', 'Leroy'),
    ]);
    const provider = (id: string, issuer: string, companyId: string, domain: string) => ({
      id,
      issuer,
      clientId: DEMO_IDP_CLIENT_ID,
      clientSecret: SECRET,
      label: id,
      companyId,
      domain,
    });
    ctx = await createTestContext({
      now: new Date(),
      config: {
        PORT: port,
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        SSO_PROVIDERS: JSON.stringify([
          provider('fac', school, DEMO_IDS.universite, 'etu.demo-univ.fr'),
          provider('clinique', clinic, DEMO_IDS.clinique, 'clinique-demo.com'),
        ]),
      },
    });
    await ctx.app.listen({ port, host: '127.0.0.1' });
    const db = ctx.database.db;
    const univ = DEMO_IDS.universite;
    ids.teacher = (
      await makeUser(db, { companyId: univ, role: 'teacher', email: 'prof.sso@etu.demo-univ.fr' })
    ).id;
    ids.otherCompany = (
      await makeUser(db, { companyId: DEMO_IDS.clinique, email: 'ailleurs@etu.demo-univ.fr' })
    ).id;
    ids.squatter = (
      await makeUser(db, { companyId: univ, email: 'squat@etu.demo-univ.fr', isVerified: false })
    ).id;
    ids.legit = (await makeUser(db, { companyId: univ, email: 'legit@etu.demo-univ.fr' })).id;
  });
  afterAll(async () => {
    await ctx?.close();
    for (const idp of idps) await idp.close();
  });

  it('refuses an address outside the provider’s domain, whichever account holds it (the admin, a learner)', async () => {
    for (const [provider, email] of [
      ['fac', 'admin.demo@medenglish.example'],
      ['fac', 'intrus@etu.demo-univ.fr@medenglish.example'],
      ['fac', 'etudiant.demo@demo-univ.fr'],
      ['clinique', 'etudiant.demo@demo-univ.fr'],
    ] as const) {
      const { code, error } = await signOnUntilHandoff(browser(origin), provider, email);
      expect(code, `${provider} as ${email}`).toBeNull();
      expect(error).toBe(provider);
    }
  });

  it('never links a staff account, an account of another company, or one whose address was never confirmed', async () => {
    for (const email of [
      'prof.sso@etu.demo-univ.fr',
      'ailleurs@etu.demo-univ.fr',
      'squat@etu.demo-univ.fr',
    ]) {
      const { code, error } = await signOnUntilHandoff(browser(origin), 'fac', email);
      expect(code, email).toBeNull();
      expect(error).toBe('fac');
    }
    const linked = await ctx.database.db.execute(
      `SELECT count(*)::int AS n FROM user_identities WHERE user_id IN ('${ids.teacher}', '${ids.otherCompany}', '${ids.squatter}')`,
    );
    expect((linked as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it("links a confirmed learner of the provider's school on their first sign-in and ends their other sessions", async () => {
    // A session the account had before (as someone who registered the address would keep one):
    // signed in by password while the address was not yet the school's, then moved to it.
    const db = ctx.database.db;
    await db.update(users).set({ email: 'legit.before@factory.example' }).where(eq(users.id, ids.legit));
    const session = await call(ctx.app, 'POST', '/api/student/login', {
      body: { email: 'legit.before@factory.example', password: FACTORY_PASSWORD },
    });
    expect(session.status).toBe(200);
    await db.update(users).set({ email: 'legit@etu.demo-univ.fr' }).where(eq(users.id, ids.legit));
    const before = { token: session.json.refreshToken as string };
    const b = browser(origin);
    const { code } = await signOnUntilHandoff(b, 'fac', 'legit@etu.demo-univ.fr');
    expect(code).toBeTruthy();
    const answer = await (await b.post('/api/sso/exchange', { code })).json();
    expect(answer).toMatchObject({ kind: 'signedIn', provider: 'fac', auth: { _id: ids.legit } });
    const refreshed = await call(ctx.app, 'POST', '/api/refresh', {
      body: { email: 'legit@etu.demo-univ.fr', refreshToken: before.token },
    });
    expect(refreshed.status).toBe(401);

    // The second provider, for its own school: Clinique Démo's learner, linked the same way.
    const c = browser(origin);
    const clinic = await signOnUntilHandoff(c, 'clinique', 'salarie.demo@clinique-demo.com');
    const signedIn = await (await c.post('/api/sso/exchange', { code: clinic.code })).json();
    expect(signedIn).toMatchObject({ kind: 'signedIn', provider: 'clinique' });
  });

  it('signs a linked identity in only while its account is a learner of the provider’s school', async () => {
    const db = ctx.database.db;
    const signIn = async () => {
      const b = browser(origin);
      const { code } = await signOnUntilHandoff(b, 'fac', 'legit@etu.demo-univ.fr');
      return code;
    };
    expect(await signIn()).toBeTruthy();
    // Made staff (or moved to another school) after the link: the provider no longer signs them in.
    await db.update(users).set({ role: 'teacher' }).where(eq(users.id, ids.legit));
    expect(await signIn()).toBeNull();
    await db
      .update(users)
      .set({ role: 'learner', companyId: DEMO_IDS.clinique })
      .where(eq(users.id, ids.legit));
    expect(await signIn()).toBeNull();
    await db.update(users).set({ companyId: DEMO_IDS.universite }).where(eq(users.id, ids.legit));
    expect(await signIn()).toBeTruthy();
  });

  it("makes every provider's domain sign in through the school: no password sign-up, sign-in or reset", async () => {
    const message = messages.signup.schoolAddress(messages.login.ssoButton);
    const signup = await call(ctx.app, 'POST', '/api/student', {
      body: {
        email: 'nouveau.salarie@clinique-demo.com',
        password: 'Poumon2026x',
        firstname: 'Paul',
        name: 'Durand',
        code: 'DEMO-MED-2026',
        semester: 3,
        consent: true,
        typeSite: 1,
      },
    });
    expect(signup.status).toBe(400);
    expect(signup.json.error.fields).toEqual({ email: message });
    const login = await call(ctx.app, 'POST', '/api/student/login', {
      body: { email: 'salarie.demo@clinique-demo.com', password: FACTORY_PASSWORD },
    });
    expect(login.status).toBe(403);
    expect(login.json.error.code).toBe('SSO_BLOCKED');
  });

  it('asks a first sign-in for the SPEC §5 names and the consent, with the school’s names cleaned of markup', async () => {
    const b = browser(origin);
    const { code } = await signOnUntilHandoff(b, 'fac', 'nouvelle@etu.demo-univ.fr');
    const first = await (await b.post('/api/sso/exchange', { code })).json();
    expect(first).toMatchObject({
      kind: 'signup',
      email: 'nouvelle@etu.demo-univ.fr',
      firstname: 'Zoé',
      name: 'Durand',
    });
    expect(isValidName(first.firstname) && isValidName(first.name)).toBe(true);

    const signUp = (body: Record<string, unknown>) =>
      b.post('/api/sso/signup', { code, semester: 3, ...body });
    const names = { firstname: 'Zoé', name: 'Durand' };
    // No consent, or names with markup: refused, nothing created, the code still usable.
    expect((await signUp(names)).status).toBe(400);
    expect((await signUp({ ...names, consent: false })).status).toBe(400);
    const markup = await signUp({ firstname: '<img src=x onerror=alert(1)>', name: 'Durand', consent: true });
    expect(markup.status).toBe(400);
    expect(
      await ctx.database.db.select().from(users).where(eq(users.email, 'nouvelle@etu.demo-univ.fr')),
    ).toEqual([]);
    const created = await (await signUp({ ...names, consent: true })).json();
    expect(created.kind).toBe('signedIn');
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'nouvelle@etu.demo-univ.fr'));
    expect(row).toMatchObject({
      firstname: 'Zoé',
      name: 'Durand',
      companyId: DEMO_IDS.universite,
      isVerified: true,
    });
  });
});
