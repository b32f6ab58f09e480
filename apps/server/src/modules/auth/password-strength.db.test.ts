import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { emailOutbox, users } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { call } from '../../test/api.js';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { makeUser } from '../../test/factories.js';

/**
 * Issue 20: the spec's rule let `Password1`, `Azerty123`, `Passw0rd`, `aaaaaaA1` and "Aa1     "
 * through. They are refused with a reason at sign-up and reset — nothing is created or changed —
 * and the forms can ask before sending; a password with an uncommon word stays accepted.
 */
describe('common, breached and repeated passwords', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const weak = [
    ['Password1', messages.password.common],
    ['Azerty123', messages.password.common],
    ['Passw0rd', messages.password.common],
    ['aaaaaaA1', messages.password.repeated],
    ['Aa1     ', messages.password.repeated],
  ] as const;

  const signUp = (email: string, password: string) =>
    call(ctx.app, 'POST', '/api/student', {
      body: {
        email,
        password,
        firstname: 'Lina',
        name: 'Roche',
        code: 'DEMO-MED-2026',
        semester: 3,
        consent: true,
        typeSite: 1,
      },
    });

  it('refuses them at sign-up with the reason on the password field, and creates nothing', async () => {
    for (const [password, reason] of weak) {
      const email = `faible.${password.trim().toLowerCase()}@demo-univ.fr`;
      const res = await signUp(email, password);
      expect(res.status, password).toBe(400);
      expect(res.json.error.fields.password, password).toBe(reason);
      expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    }
    expect((await signUp('poumon.fort@demo-univ.fr', 'Poumon2026x')).status).toBe(201);
  });

  it('refuses them at reset and leaves the link usable', async () => {
    const learner = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite });
    await call(ctx.app, 'POST', '/api/forgotPassword', { body: { email: learner.email } });
    await ctx.app.jobs.runDue();
    const [mail] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, learner.email))
      .orderBy(desc(emailOutbox.createdAt));
    const token = decodeURIComponent(/\?token=([\w%-]+)/.exec(mail!.text)![1]!);
    const [before] = await ctx.database.db.select().from(users).where(eq(users.id, learner.id));
    for (const [password, reason] of weak) {
      const res = await call(ctx.app, 'PUT', '/api/resetPassword', { body: { token, password } });
      expect(res.status, password).toBe(400);
      expect(res.json.error.message).toBe(reason);
    }
    const [after] = await ctx.database.db.select().from(users).where(eq(users.id, learner.id));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect(
      (await call(ctx.app, 'PUT', '/api/resetPassword', { body: { token, password: 'Poumon2026x' } })).status,
    ).toBe(200);
  });

  it('tells the forms why before they send', async () => {
    for (const [password, reason] of weak) {
      const res = await call(ctx.app, 'POST', '/api/password/check', { body: { password } });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ problem: reason });
    }
    const fine = await call(ctx.app, 'POST', '/api/password/check', { body: { password: 'Poumon2026x' } });
    expect(fine.json).toEqual({ problem: null });
    const bad = await call(ctx.app, 'POST', '/api/password/check', { body: { password: '' } });
    expect(bad.status).toBe(400);
  });
});
