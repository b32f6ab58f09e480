import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, messages } from '@medenglish/shared';
import { desc, eq } from 'drizzle-orm';
import { DEMO_EVALUO_STUDENT, DEMO_IDS } from '../../demo/demo-ids.js';
import { emailOutbox, users } from '../../db/schema.js';
import { call, DEMO, login } from '../../test/api.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const univ = DEMO_IDS.universite;

/** Issue 13: /evaluo's calls (SPEC §7), through the adapter, against the provider's simulator. */
describe('external exam provider routes', () => {
  let ctx: TestContext;
  let camille: Awaited<ReturnType<typeof login>>;
  let ines: Awaited<ReturnType<typeof login>>;

  beforeAll(async () => {
    ctx = await createTestContext();
    camille = await login(ctx.app, DEMO.etudiant);
    ines = await login(ctx.app, 'tiers-temps.demo@demo-univ.fr');
  });
  afterAll(() => ctx.close());
  afterEach(() => Object.assign(ctx.evaluo!.faults, { delayMs: 0, status: null, garbage: false }));

  const list = (token: string, path: string) =>
    call(ctx.app, 'GET', `/api/evaluo/get-exams/${path}`, { token });

  it("lists the learner's own exams of the semester, by start, with their state and link, and nobody else's address", async () => {
    const res = await list(camille.token, `${univ}/3`);
    expect(res.status).toBe(200);
    expect(res.json.map((e: { id: string }) => e.id)).toEqual(['S3-READING-1', 'S3-SPEAKING-2']);
    const [reading, speaking] = res.json;
    expect(reading).toMatchObject({ stateName: 'Terminé', durationMinutes: 60 });
    expect(reading.link).toMatch(/\/testStudent\/show\?id=S3-READING-1$/);
    expect(speaking.link).toMatch(/\/takeExam\/index\?id=S3-SPEAKING-2$/);
    expect(res.body).not.toContain('tiers-temps.demo');
    expect(res.body).not.toContain('participants');

    // By her student id: the same exams; another student id is refused.
    const own = await list(camille.token, `student/${univ}/3/${DEMO_EVALUO_STUDENT}`);
    expect(own.json).toEqual(res.json);
    const other = await list(camille.token, `student/${univ}/3/EV-2026-0999`);
    expect(other.status).toBe(403);
    expect(other.json.error.message).toBe(messages.evaluo.notYours);

    // Inès has no student id: found by her address.
    expect((await list(ines.token, `${univ}/3`)).json.map((e: { id: string }) => e.id)).toEqual([
      'S3-READING-1',
      'S3-SPEAKING-2',
    ]);
    expect((await list(camille.token, `${univ}/5`)).json).toEqual([]);
  });

  it("gives nobody a participant's exams for registering their address: a confirmed address or the student id only (issue 32)", async () => {
    // The resit's participant has no MedEnglish account: someone registers the address.
    const signup = await call(ctx.app, 'POST', '/api/student', {
      body: {
        email: 'resit.student@demo-univ.fr',
        password: 'Poumon2026x',
        firstname: 'Rémi',
        name: 'Squatteur',
        code: 'DEMO-MED-2026',
        semester: 3,
        consent: true,
        typeSite: 1,
      },
    });
    expect(signup.status).toBe(201);
    const squatter = signup.json as { _id: string; token: string };
    const unconfirmed = await list(squatter.token, `${univ}/3`);
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.json.error).toEqual({
      code: ErrorCode.EMAIL_UNCONFIRMED,
      message: messages.evaluo.confirmAddress,
    });
    expect(unconfirmed.body).not.toContain('S3-RESIT-3');
    // Nor a signed link to the resit, though its address is the participant's.
    const resitLink = `${ctx.evaluo!.url}/takeExam/index?id=S3-RESIT-3`;
    const token = await call(ctx.app, 'POST', '/api/evaluo/token/user-token', {
      token: squatter.token,
      body: { userId: squatter._id, url: resitLink },
    });
    expect(token.status).toBe(403);

    // The owner of the address confirms it (the link mailed to that address): now it is theirs.
    const [mail] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'resit.student@demo-univ.fr'))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const [, a, b] = /\?confirm=([\w-]+)\/([\w%-]+)/.exec(mail!.text)!;
    expect((await call(ctx.app, 'POST', `/api/confirmation/${a}/${b}`)).status).toBe(200);
    const confirmed = await list(squatter.token, `${univ}/3`);
    expect(confirmed.json.map((e: { id: string }) => e.id)).toEqual(['S3-RESIT-3']);

    // A student id set by staff wins over the address: another student's id finds their exams, not the resit.
    await ctx.database.db
      .update(users)
      .set({ evaluoId: DEMO_EVALUO_STUDENT })
      .where(eq(users.id, squatter._id));
    const byId = await list(squatter.token, `${univ}/3`);
    expect(byId.json.map((e: { id: string }) => e.id)).toEqual(['S3-READING-1', 'S3-SPEAKING-2']);
  });

  it('refuses a company without activatedEvaluo, and another company', async () => {
    const sarah = await login(ctx.app, DEMO.salarie);
    const res = await list(sarah.token, `${DEMO_IDS.clinique}/3`);
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe(messages.evaluo.notActivated);
    expect((await list(sarah.token, `${univ}/3`)).status).toBe(403);
  });

  it("signs the learner's own links only, which the provider then opens", async () => {
    const [reading] = (await list(camille.token, `${univ}/3`)).json;
    const signed = await call(ctx.app, 'POST', '/api/evaluo/token/user-token', {
      token: camille.token,
      body: { userId: camille._id, url: reading.link },
    });
    expect(signed.status).toBe(200);
    const page = await fetch(signed.json.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Copie de etudiant.demo@demo-univ.fr');

    for (const url of [
      reading.link.replace('S3-READING-1', 'S3-RESIT-3'),
      'https://phishing.example/takeExam/index?id=S3-SPEAKING-2',
    ]) {
      const refused = await call(ctx.app, 'POST', '/api/evaluo/token/user-token', {
        token: camille.token,
        body: { userId: camille._id, url },
      });
      expect(refused.status, url).toBe(403);
    }
    const asOther = await call(ctx.app, 'POST', '/api/evaluo/token/user-token', {
      token: ines.token,
      body: { userId: camille._id, url: reading.link },
    });
    expect(asOther.status).toBe(403);
  });

  it('answers a clear 502 when the provider fails or is too slow', async () => {
    for (const fault of [{ status: 500 }, { delayMs: 1500 }, { garbage: true }]) {
      Object.assign(ctx.evaluo!.faults, { delayMs: 0, status: null, garbage: false }, fault);
      const res = await list(camille.token, `${univ}/3`);
      expect(res.status, JSON.stringify(fault)).toBe(502);
      expect(res.json.error).toEqual({
        code: ErrorCode.PROVIDER_UNAVAILABLE,
        message: messages.evaluo.unavailable,
      });
    }
  });
});
