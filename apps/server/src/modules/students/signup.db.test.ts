import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { emailOutbox, users } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { call } from '../../test/api.js';

const valid = {
  email: 'Nouvelle.Etudiante@demo-univ.fr ',
  password: 'Poumon2026x',
  firstname: 'Inès',
  name: "D'Alembert-Vidal",
  code: 'demo-med-2026',
  semester: 3,
  consent: true,
  typeSite: 1,
};

describe('account creation', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const userCount = async () => (await ctx.database.db.select({ n: count() }).from(users))[0]!.n;

  it('GET /api/code/name/{code} answers the code, its company and the selectable semesters', async () => {
    const res = await call(ctx.app, 'GET', '/api/code/name/DEMO-MED-2026');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ needs: false, placementtest: true, semesters: [3], isCompany: false });
    const clinic = await call(ctx.app, 'GET', '/api/code/name/DEMO-CLINIC-2026');
    expect(clinic.json).toMatchObject({ needs: true, placementtest: false, isCompany: true });
    const unknown = await call(ctx.app, 'GET', '/api/code/name/NOPE-2026');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe("Ce code est invalide ou n'existe pas, merci de réessayer.");
    const long = await call(ctx.app, 'GET', `/api/code/name/${'x'.repeat(10_000)}`);
    expect([400, 414], long.body).toContain(long.status);
    expect(long.json.error.code).toBeTypeOf('string');
  });

  it('refuses the addresses that sign in through a school, naming the school button: no account, no session (issue 32)', async () => {
    const before = await userCount();
    const message = messages.signup.schoolAddress(messages.login.ssoButton);
    for (const email of ['lucie.moreau@etu.demo-univ.fr', 'Interne@Med.Etu.Demo-Univ.fr']) {
      const res = await call(ctx.app, 'POST', '/api/student', { body: { ...valid, email } });
      expect(res.status, email).toBe(400);
      expect(res.json.error.fields).toEqual({ email: message });
      expect(res.json).not.toHaveProperty('token');
      // The form's check on blur says so too.
      const check = await call(ctx.app, 'POST', '/api/student/email', { body: { email } });
      expect(check.status, email).toBe(400);
      expect(check.json.error.fields).toEqual({ email: message });
    }
    expect(await userCount()).toBe(before);
    // A neighbouring domain is not the school's.
    const other = await call(ctx.app, 'POST', '/api/student/email', {
      body: { email: 'lucie.moreau@notetu.demo-univ.fr' },
    });
    expect(other.json).toEqual({ available: true });
  });

  it('creates the account, logs it in, mails a confirmation link that works once', async () => {
    const res = await call(ctx.app, 'POST', '/api/student', { body: valid });
    expect(res.status).toBe(201);
    expect(res.json.testFinish).toBe(false);
    const me = await call(ctx.app, 'GET', `/api/student/${res.json._id}`, { token: res.json.token });
    expect(me.json).toMatchObject({
      email: 'nouvelle.etudiante@demo-univ.fr',
      semester: 3,
      placementtest: true,
      isVerified: false,
      type: 4,
    });
    const [mail] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'nouvelle.etudiante@demo-univ.fr'))
      .orderBy(desc(emailOutbox.createdAt));
    const [, a, b] = /\?confirm=([\w-]+)\/([\w%-]+)/.exec(mail!.text)!;
    expect((await call(ctx.app, 'POST', `/api/confirmation/${a}/${b}`)).status).toBe(200);
    expect((await call(ctx.app, 'POST', `/api/confirmation/${a}/${b}`)).status).toBe(404);
    const after = await call(ctx.app, 'GET', `/api/student/${res.json._id}`, { token: res.json.token });
    expect(after.json.isVerified).toBe(true);
  });

  it('POST /api/student/email tells whether an address is free', async () => {
    const taken = await call(ctx.app, 'POST', '/api/student/email', {
      body: { email: ' ETUDIANT.demo@demo-univ.fr' },
    });
    expect(taken.json).toEqual({ available: false });
    const free = await call(ctx.app, 'POST', '/api/student/email', { body: { email: 'libre@demo-univ.fr' } });
    expect(free.json).toEqual({ available: true });
    const invalid = await call(ctx.app, 'POST', '/api/student/email', { body: { email: 'ab@x.io' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.message).toBe('Cette adresse email est invalide.');
  });

  it.each([
    [
      'a taken address',
      { email: 'etudiant.demo@demo-univ.fr' },
      409,
      'Cette adresse email est déjà utilisée',
    ],
    ['an unknown code', { email: 'cas1@demo-univ.fr', code: 'UNKNOWN' }, 404, messages.signup.invalidCode],
    [
      'a semester the code does not offer',
      { email: 'cas2@demo-univ.fr', semester: 5 },
      400,
      messages.signup.failure,
    ],
    ['no semester', { email: 'cas3@demo-univ.fr', semester: undefined }, 400, messages.signup.failure],
    ['an invalid address', { email: 'ab@demo-univ.fr' }, 400, messages.signup.failure],
    ['a weak password', { email: 'cas4@demo-univ.fr', password: 'faible' }, 400, messages.signup.failure],
    ['digits in a name', { email: 'cas5@demo-univ.fr', firstname: 'R2D2' }, 400, messages.signup.failure],
    ['no consent', { email: 'cas6@demo-univ.fr', consent: false }, 400, messages.signup.failure],
    ['a wrong typeSite', { email: 'cas7@demo-univ.fr', typeSite: 2 }, 400, messages.signup.failure],
    [
      'a 10 kB first name',
      { email: 'cas8@demo-univ.fr', firstname: 'a'.repeat(10_000) },
      400,
      messages.signup.failure,
    ],
    ['an unknown field', { email: 'cas9@demo-univ.fr', isAdmin: true }, 400, messages.signup.failure],
  ])('refuses %s and creates nothing', async (_label, change, status, message) => {
    const before = await userCount();
    const res = await call(ctx.app, 'POST', '/api/student', { body: { ...valid, ...change } });
    expect(res.status).toBe(status);
    expect(res.json.error.message).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it('requires phone, job title and needs when the code asks for the needs analysis', async () => {
    const clinic = {
      ...valid,
      email: 'infirmier@clinique-demo.com',
      code: 'DEMO-CLINIC-2026',
      semester: undefined,
    };
    const missing = await call(ctx.app, 'POST', '/api/student', { body: clinic });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.error.fields).sort()).toEqual(['jobTitle', 'needs', 'phone']);
    const badNeed = await call(ctx.app, 'POST', '/api/student', {
      body: { ...clinic, phone: '0612345678', jobTitle: 'Infirmier', needs: ['astrology'] },
    });
    expect(badNeed.status).toBe(400);
    const ok = await call(ctx.app, 'POST', '/api/student', {
      body: { ...clinic, phone: '0612345678', jobTitle: 'Infirmier', needs: ['telephoning', 'meetings'] },
    });
    expect(ok.status).toBe(201);
    const me = await call(ctx.app, 'GET', `/api/student/${ok.json._id}`, { token: ok.json.token });
    // Clinique Démo is exempt from the placement test (PLACEMENT_EXEMPT_COMPANIES default).
    expect(me.json).toMatchObject({
      placementtest: false,
      needs: { telephoning: true, meetings: true },
      semester: null,
    });
  });

  it('gives one account when two sign-ups race for the same address', async () => {
    const body = { ...valid, email: 'course@demo-univ.fr' };
    const results = await Promise.all([1, 2, 3].map(() => call(ctx.app, 'POST', '/api/student', { body })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });
});
