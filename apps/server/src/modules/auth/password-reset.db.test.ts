import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { emailOutbox, jobs, users } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { call, login } from '../../test/api.js';
import { FACTORY_PASSWORD, makeCompany, makeUser } from '../../test/factories.js';

/** Every test resets the password of a learner of its own, never a demo learner's. */
describe('forgot password → link → new password', () => {
  let ctx: TestContext;
  let companyId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    companyId = await makeCompany(ctx.database.db);
  });
  afterAll(() => ctx.close());

  const newLearner = async () => (await makeUser(ctx.database.db, { companyId })).email;

  async function lastLinkTo(email: string): Promise<string> {
    // The request queued a job (issue 20: the same work for every address); run it.
    await ctx.app.jobs.runDue();
    const [mail] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const match = /\?token=([\w%-]+)/.exec(mail?.text ?? '');
    if (!match) throw new Error('no reset link in the outbox');
    return decodeURIComponent(match[1]!);
  }

  const reset = (token: string, password: string) =>
    call(ctx.app, 'PUT', '/api/resetPassword', { body: { token, password } });

  it('sends a single-use link; the new password works and old refresh tokens stop working', async () => {
    const email = await newLearner();
    const before = await login(ctx.app, email, FACTORY_PASSWORD);
    ctx.clock.advance(1);
    const check = await call(ctx.app, 'POST', '/api/auth/forgot_password', { body: { email } });
    expect(check.status).toBe(200);
    const sent = await call(ctx.app, 'POST', '/api/forgotPassword', {
      body: { email, type: 'student' },
    });
    expect(sent.status).toBe(200);
    const token = await lastLinkTo(email);

    const ok = await reset(token, 'Nouveau2026pass');
    expect(ok.status).toBe(200);
    expect(ok.json.message).toBe(messages.reset.success);
    await login(ctx.app, email, 'Nouveau2026pass');
    const old = await call(ctx.app, 'POST', '/api/student/login', {
      body: { email, password: FACTORY_PASSWORD },
    });
    expect(old.status).toBe(401);
    const refreshed = await call(ctx.app, 'POST', '/api/refresh', {
      body: { email, refreshToken: before.refreshToken },
    });
    expect(refreshed.status).toBe(401);
    // Issue 20: the access token of the session opened before the reset stops working at once.
    const stale = await call(ctx.app, 'GET', `/api/student/${before._id}`, { token: before.token });
    expect(stale.status).toBe(401);

    const again = await reset(token, 'Another2026pass');
    expect(again.status).toBe(404);
    expect(again.json.error.message).toBe('Token expired, please ask for a new password');
  });

  it('makes older links of the same learner useless once one of them was used', async () => {
    const email = await newLearner();
    await call(ctx.app, 'POST', '/api/forgotPassword', { body: { email, type: 'student' } });
    const older = await lastLinkTo(email);
    ctx.clock.advance(1000);
    await call(ctx.app, 'POST', '/api/forgotPassword', { body: { email, type: 'student' } });
    const newer = await lastLinkTo(email);
    expect(newer).not.toBe(older);
    expect((await reset(newer, 'Suspendu2026pass')).status).toBe(200);
    expect((await reset(older, 'Autre2026pass')).status).toBe(404);
  });

  it('refuses a link older than one hour', async () => {
    const email = await newLearner();
    await call(ctx.app, 'POST', '/api/forgotPassword', { body: { email, type: 'student' } });
    const token = await lastLinkTo(email);
    ctx.clock.advance(61 * 60_000);
    const res = await reset(token, 'Salarie2026pass');
    expect(res.status).toBe(404);
    await login(ctx.app, email, FACTORY_PASSWORD); // password unchanged
  });

  it("answers 400 'Invalid body' for a bad body or a weak password, changing nothing", async () => {
    const email = await newLearner();
    await call(ctx.app, 'POST', '/api/forgotPassword', { body: { email, type: 'student' } });
    const token = await lastLinkTo(email);
    const [before] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    for (const body of [
      {},
      { token },
      { token, password: 'short1A' },
      { token, password: 'nouppercase1' },
      { token: 5, password: 'Valid2026pass' },
    ]) {
      const res = await call(ctx.app, 'PUT', '/api/resetPassword', { body });
      expect(res.status).toBe(400);
      expect(res.json.error.message).toBe('Invalid body');
    }
    const [after] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    // The link is still usable after the refusals.
    expect((await reset(token, 'Etudiant2026pass')).status).toBe(200);
  });

  it('refuses identity-provider addresses with the Microsoft message', async () => {
    for (const url of ['/api/auth/forgot_password', '/api/forgotPassword']) {
      const res = await call(ctx.app, 'POST', url, { body: { email: 'jean@etu.demo-univ.fr' } });
      expect(res.status).toBe(403);
      expect(res.json.error.message).toBe("Impossible de changer le mot de passe d'un compte Microsoft.");
    }
  });

  it('answers an unknown address like a known one, with the same work, and sends nothing', async () => {
    const known = await newLearner();
    const unknown = 'inconnu@demo-univ.fr';
    const written = async (email: string) => {
      const res = await call(ctx.app, 'POST', '/api/forgotPassword', { body: { email } });
      const mails = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
      const queued = await ctx.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, 'auth.password-reset'), sql`${jobs.payload}->>'email' = ${email}`));
      return { status: res.status, body: res.body, mails: mails.length, jobs: queued.length };
    };
    // Issue 20: the request does the same for both — one queued job, no look-up, no link yet —
    // so neither the answer nor the time it takes says whether the address has an account.
    const [a, b] = [await written(known), await written(unknown)];
    expect(a).toEqual(b);
    expect(a).toMatchObject({ status: 200, mails: 0, jobs: 1 });
    await ctx.app.jobs.runDue();
    const sent = async (email: string) =>
      (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).length;
    expect([await sent(known), await sent(unknown)]).toEqual([1, 0]);
  });
});
