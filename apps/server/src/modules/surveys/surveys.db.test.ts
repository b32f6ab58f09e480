import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_LATER_DAYS } from '@medenglish/shared';
import { users } from '../../db/schema.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { call, login } from '../../test/api.js';
import { FACTORY_PASSWORD, makeCompany, makeSurvey, makeUser, type MadeUser } from '../../test/factories.js';

type Session = Awaited<ReturnType<typeof login>>;

/**
 * A company of its own with its survey and two semester-3 learners (Camille, Léo), and a learner
 * of another company without a survey (Hugo, on a path: semester 0): the demo learners are left
 * as they are.
 */
describe('satisfaction survey (SPEC §4 "Survey dialog")', () => {
  let ctx: TestContext;
  let company: string;
  let otherCompany: string;
  let camille: Session;
  let leo: Session;
  let leoUser: MadeUser;
  let hugoUser: MadeUser;
  const surveyUrl = (who: Session, semesterCompany: string = company, semester = 3) =>
    `/api/survey/single/${who._id}/Students/${semester}/${semesterCompany}`;
  const signIn = (user: MadeUser) => login(ctx.app, user.email, FACTORY_PASSWORD);
  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    company = await makeCompany(db);
    otherCompany = await makeCompany(db);
    await makeSurvey(db, company);
    camille = await signIn(await makeUser(db, { companyId: company }));
    leoUser = await makeUser(db, { companyId: company });
    leo = await signIn(leoUser);
    hugoUser = await makeUser(db, { companyId: otherCompany, semester: null });
  });
  afterAll(() => ctx.close());

  it('is offered while the learner is not in usersDone, and never lists other learners', async () => {
    const res = await call(ctx.app, 'GET', surveyUrl(camille), { token: camille.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ surveyLink: expect.stringMatching(/^https:\/\//), usersDone: [] });
    expect(res.json.title).toBeTruthy();
  });

  it('PUT /survey/{id} adds the caller once, and refuses anyone else', async () => {
    const { _id } = (await call(ctx.app, 'GET', surveyUrl(camille), { token: camille.token })).json;
    const other = await call(ctx.app, 'PUT', `/api/survey/${_id}`, {
      token: camille.token,
      body: { usersDone: [leo._id] },
    });
    expect(other.status).toBe(403);
    for (let i = 0; i < 2; i++) {
      const done = await call(ctx.app, 'PUT', `/api/survey/${_id}`, {
        token: camille.token,
        body: { usersDone: [camille._id] },
      });
      expect(done.status).toBe(200);
      expect(done.json.usersDone).toEqual([camille._id]);
    }
    expect((await call(ctx.app, 'GET', surveyUrl(camille), { token: camille.token })).json.usersDone).toEqual(
      [camille._id],
    );
    // Léo has not answered: Camille's answer is not his.
    expect((await call(ctx.app, 'GET', surveyUrl(leo), { token: leo.token })).json.usersDone).toEqual([]);
  });

  it('PUT /student/satisfaction/{id} records the first answer time only', async () => {
    const { _id } = (await call(ctx.app, 'GET', surveyUrl(camille), { token: camille.token })).json;
    const first = await call(ctx.app, 'PUT', `/api/student/satisfaction/${camille._id}`, {
      token: camille.token,
      body: { surveyId: _id },
    });
    expect(first.status).toBe(200);
    ctx.clock.advance(60_000);
    const again = await call(ctx.app, 'PUT', `/api/student/satisfaction/${camille._id}`, {
      token: camille.token,
      body: { surveyId: _id },
    });
    expect(again.json.at).toBe(first.json.at);
    const [row] = await ctx.database.db
      .select({ at: users.satisfactionAt })
      .from(users)
      .where(eq(users.id, camille._id));
    expect(row!.at!.toISOString()).toBe(first.json.at);
    expect(
      (
        await call(ctx.app, 'PUT', `/api/student/satisfaction/${leo._id}`, {
          token: camille.token,
          body: { surveyId: _id },
        })
      ).status,
    ).toBe(403);
  });

  it("another company's learner gets no survey and cannot answer this one", async () => {
    const hugo = await signIn(hugoUser);
    const none = await call(ctx.app, 'GET', surveyUrl(hugo, otherCompany, 0), { token: hugo.token });
    expect(none.status).toBe(200);
    expect(none.json).toBeNull();
    const { _id } = (await call(ctx.app, 'GET', surveyUrl(camille), { token: camille.token })).json;
    expect(
      (
        await call(ctx.app, 'PUT', `/api/survey/${_id}`, {
          token: hugo.token,
          body: { usersDone: [hugo._id] },
        })
      ).status,
    ).toBe(404);
    expect((await call(ctx.app, 'GET', surveyUrl(hugo, company, 0), { token: hugo.token })).status).toBe(403);
    expect(
      (await call(ctx.app, 'GET', surveyUrl(camille, company, 11), { token: camille.token })).status,
    ).toBe(400);
  });

  it("'Plus tard' puts the survey off for SURVEY_LATER_DAYS days on the server, for this learner only", async () => {
    const nina = await signIn(leoUser);
    const offered = (await call(ctx.app, 'GET', surveyUrl(nina), { token: nina.token })).json;
    expect(offered.laterUntil).toBeNull();
    const later = await call(ctx.app, 'PUT', `/api/survey/later/${offered._id}`, {
      token: nina.token,
      body: {},
    });
    expect(later.status).toBe(200);
    const today = ctx.clock.now().toISOString().slice(0, 10);
    expect(later.json.laterUntil > today).toBe(true);
    // Still put off at the next login, on any device…
    const again = await signIn(leoUser);
    expect((await call(ctx.app, 'GET', surveyUrl(again), { token: again.token })).json.laterUntil).toBe(
      later.json.laterUntil,
    );
    // …but not for Camille.
    const mine = (await call(ctx.app, 'GET', surveyUrl(camille), { token: camille.token })).json;
    expect(mine.laterUntil).toBeNull();
    // Offered again once the days have passed.
    ctx.clock.advance(SURVEY_LATER_DAYS * 24 * 60 * 60 * 1000);
    const weekLater = await signIn(leoUser);
    const back = await call(ctx.app, 'GET', surveyUrl(weekLater), { token: weekLater.token });
    ctx.clock.advance(-SURVEY_LATER_DAYS * 24 * 60 * 60 * 1000);
    expect(back.status).toBe(200);
    expect(back.json.laterUntil).toBeNull();
  });

  it('refuses to put off a survey the learner cannot see, and an unknown one', async () => {
    const hugo = await signIn(hugoUser);
    const { _id } = (await call(ctx.app, 'GET', surveyUrl(camille), { token: camille.token })).json;
    const refused = await call(ctx.app, 'PUT', `/api/survey/later/${_id}`, { token: hugo.token, body: {} });
    expect(refused.status).toBe(404);
    expect(
      (
        await call(ctx.app, 'PUT', `/api/survey/later/00000000-0000-4000-8000-000000000000`, {
          token: hugo.token,
        })
      ).status,
    ).toBe(404);
    expect((await call(ctx.app, 'PUT', `/api/survey/later/${_id}`, {})).status).toBe(401);
  });
});
