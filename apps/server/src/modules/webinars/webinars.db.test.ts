import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webinars } from '../../db/schema.js';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { builtInRecordingKey } from '../../integrations/meetings/built-in-meetings.js';
import { call, DEMO, login } from '../../test/api.js';
import { FACTORY_PASSWORD, makeUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const NOW = new Date('2026-11-26T09:00:00.000Z');
type W = {
  _id: string;
  meetingId: string;
  topic: string;
  start: string;
  places: number;
  placesLeft: number;
  registered: string[];
  recording: string | null;
};

/** Issue 15: SPEC §7 "Webinars" on the built-in meetings provider. */
describe('webinars', () => {
  let ctx: TestContext;
  let me: Awaited<ReturnType<typeof login>>;
  const as = (token: string) => ({
    get: (path: string) => call(ctx.app, 'GET', `/api${path}`, { token }),
    put: (path: string, body?: unknown) => call(ctx.app, 'PUT', `/api${path}`, { token, body }),
    post: (path: string, body: unknown) => call(ctx.app, 'POST', `/api${path}`, { token, body }),
  });
  const list = async (token = me.token) => (await as(token).get('/webinar')).json as W[];
  const byTopic = async (start: string, token = me.token) =>
    (await list(token)).find((w) => w.topic.startsWith(start))!;
  const book = (token: string, w: W, userId: string) =>
    as(token).put('/webinar/registrant', { meetingId: w.meetingId, webinaireId: w._id, userId });

  beforeAll(async () => {
    ctx = await createTestContext({ now: NOW, config: { ACCESS_TOKEN_MINUTES: 60 * 24 * 365 } });
    me = await login(ctx.app, DEMO.etudiant);
  });
  afterAll(() => ctx.close());

  it('lists the demo webinars with places left, showing only whether the caller is booked', async () => {
    const all = await list();
    expect(all).toHaveLength(5);
    const mine = all.filter((w) => w.registered.length > 0);
    expect(mine.map((w) => w.registered)).toEqual([[me._id], [me._id]]);
    const lastPlace = await byTopic('Presenting a clinical case');
    expect(lastPlace).toMatchObject({ places: 2, placesLeft: 1, registered: [] });
    expect(
      all
        .filter((w) => Date.parse(w.start) < NOW.getTime())
        .map((w) => w.recording !== null)
        .sort(),
    ).toEqual([false, true]);
  });

  it('books and cancels: Réserver → Réservé, in Mes webinaires, then gone; twice is once', async () => {
    const w = await byTopic('Writing a discharge summary');
    const res = await book(me.token, w, me._id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ _id: w._id, registered: [me._id] });
    expect((await book(me.token, w, me._id)).status).toBe(200);
    const after = await byTopic('Writing a discharge summary');
    expect(after).toMatchObject({ placesLeft: w.placesLeft - 1, registered: [me._id] });

    const cancelled = await as(me.token).put(`/webinar/registrant/delete/${w._id}/${me._id}`);
    expect(cancelled.json).toEqual({ _id: w._id });
    expect(await byTopic('Writing a discharge summary')).toMatchObject({
      placesLeft: w.placesLeft,
      registered: [],
    });
  });

  it('gives the last place to exactly one of many learners asking at the same instant', async () => {
    const w = await byTopic('Presenting a clinical case');
    const learners = await Promise.all(
      Array.from({ length: 8 }, () =>
        makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, semester: 3 }),
      ),
    );
    const tokens = await Promise.all(learners.map((l) => login(ctx.app, l.email, FACTORY_PASSWORD)));
    const answers = await Promise.all(tokens.map((t) => book(t.token, w, t._id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.json.error.code).toBe('WEBINAR_FULL');
    expect(await byTopic('Presenting a clinical case')).toMatchObject({ placesLeft: 0 });
    // A full webinar is refused to the next learner too, and nothing was written for them.
    expect((await book(me.token, w, me._id)).status).toBe(409);
    expect((await byTopic('Presenting a clinical case')).registered).toEqual([]);
  });

  it("refuses another learner's booking, a webinar already begun, and an unknown one", async () => {
    const other = await login(ctx.app, 'tiers-temps.demo@demo-univ.fr');
    const w = await byTopic('Writing a discharge summary');
    expect((await book(other.token, w, me._id)).status).toBe(403);
    expect((await as(other.token).put(`/webinar/registrant/delete/${w._id}/${me._id}`)).status).toBe(403);
    const past = await byTopic('Taking a history over the telephone');
    const refused = await book(me.token, past, me._id);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('WEBINAR_STARTED');
    expect((await book(me.token, { ...w, meetingId: '999' }, me._id)).status).toBe(404);
    expect((await as(me.token).put('/webinar/registrant', { userId: me._id })).status).toBe(400);
  });

  it("gives the learner's own join address once the room opens, 15 minutes before the start", async () => {
    const w = await byTopic('Writing a discharge summary');
    expect((await book(me.token, w, me._id)).status).toBe(200);
    expect((await as(me.token).get(`/zoom/meeting/single/${w.meetingId}`)).status).toBe(409);
    ctx.clock.set(new Date(Date.parse(w.start) - 10 * 60_000));
    try {
      const open = await as(me.token).get(`/zoom/meeting/single/${w.meetingId}`);
      expect(open.status).toBe(200);
      expect(open.json.join_url).toMatch(new RegExp(`^/meet/${w.meetingId}\\?tk=`));
      const room = await ctx.app.inject({ method: 'GET', url: open.json.join_url });
      expect(room.statusCode).toBe(200);
      expect(room.payload).toContain('Writing a discharge summary');
      const stranger = await login(ctx.app, 'tiers-temps.demo@demo-univ.fr');
      expect((await as(stranger.token).get(`/zoom/meeting/single/${w.meetingId}`)).status).toBe(403);
    } finally {
      ctx.clock.set(NOW);
    }
  });

  it('serves a replay at a time-limited address; none before there is a recording', async () => {
    const past = (await list()).find((w) => w.recording)!;
    const link = await as(me.token).get(`/googlestorage/download/webinar/${past.recording}`);
    expect(link.status).toBe(200);
    const video = await ctx.app.inject({
      method: 'GET',
      url: link.json.url,
      headers: { range: 'bytes=0-15' },
    });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
    // The stored file itself is private: without the signature, refused.
    const bare = link.json.url.split('?')[0];
    expect((await ctx.app.inject({ method: 'GET', url: bare })).statusCode).toBe(403);
    expect((await as(me.token).get('/googlestorage/download/webinar/nothing.mp4')).status).toBe(404);
  });

  it('lets staff create a webinar (and its meeting), never a learner', async () => {
    const body = {
      topic: 'Handover on the ward',
      blurb: 'SBAR in practice.',
      start: '2026-12-15T17:00:00.000Z',
      duration: 60,
      places: 25,
    };
    expect((await as(me.token).post('/zoom/meeting', body)).status).toBe(403);
    const teacher = await login(ctx.app, 'enseignant.demo@demo-univ.fr');
    const made = await as(teacher.token).post('/zoom/meeting', body);
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ topic: 'Handover on the ward', placesLeft: 25, recording: null });
    expect((await list()).some((w) => w._id === made.json._id)).toBe(true);
    expect((await as(teacher.token).post('/zoom/meeting', { ...body, duration: 5 })).status).toBe(400);
  });
  it("keeps a company's webinar to its own people, and a platform webinar for all (decision 0037)", async () => {
    const db = ctx.database.db;
    const body = {
      topic: 'Ward round handover (university only)',
      start: '2026-12-20T17:00:00.000Z',
      duration: 60,
      places: 25,
    };
    const teacher = await login(ctx.app, 'enseignant.demo@demo-univ.fr');
    const manager = await login(ctx.app, 'gestion.demo@demo-univ.fr');
    const admin = await login(ctx.app, 'admin.demo@medenglish.example');
    const clinicLearner = await login(ctx.app, DEMO.salarie);
    const clinicManager = await login(
      ctx.app,
      (await makeUser(db, { companyId: DEMO_IDS.clinique, role: 'manager' })).email,
      FACTORY_PASSWORD,
    );
    const made = await as(teacher.token).post('/zoom/meeting', body);
    expect(made.status).toBe(200);
    const own = made.json as W;

    // Its company's learner lists and books it; another company's learner never sees it.
    expect((await list()).some((w) => w._id === own._id)).toBe(true);
    const clinicList = await list(clinicLearner.token);
    expect(clinicList.some((w) => w._id === own._id)).toBe(false);
    expect(clinicList).toHaveLength(5); // the demo's, the platform's
    const before = await db.select().from(webinars).where(eq(webinars.id, own._id));
    expect((await book(clinicLearner.token, own, clinicLearner._id)).status).toBe(404);
    expect(
      (await as(clinicLearner.token).put(`/webinar/registrant/delete/${own._id}/${clinicLearner._id}`))
        .status,
    ).toBe(404);
    expect((await as(clinicLearner.token).get(`/zoom/meeting/single/${own.meetingId}`)).status).toBe(404);
    expect((await byTopic('Ward round handover', me.token)).placesLeft).toBe(25);
    expect((await book(me.token, own, me._id)).status).toBe(200);
    expect((await byTopic('Ward round handover', me.token)).placesLeft).toBe(24);

    // The room's own address: the webinar's staff (its company's, or an admin), no other school's.
    for (const who of [teacher, manager, admin]) {
      const link = await as(who.token).get(`/zoom/meeting/single/${own.meetingId}`);
      expect(link.status).toBe(200);
      expect(link.json.join_url).toBe(`/meet/${own.meetingId}`);
    }
    expect((await as(clinicManager.token).get(`/zoom/meeting/single/${own.meetingId}`)).status).toBe(404);
    // A platform webinar's is an admin's: a school's staff are refused, as anyone not booked.
    const platform = await byTopic('Breaking bad news', teacher.token);
    expect((await as(teacher.token).get(`/zoom/meeting/single/${platform.meetingId}`)).status).toBe(403);
    expect((await as(admin.token).get(`/zoom/meeting/single/${platform.meetingId}`)).status).toBe(200);

    // Its replay too: for its company, not another's.
    await db.update(webinars).set({ recording: 'ward-round.mp4' }).where(eq(webinars.id, own._id));
    await ctx.storage.put(builtInRecordingKey(own.meetingId), Buffer.from('not really a video'));
    expect((await as(me.token).get('/googlestorage/download/webinar/ward-round.mp4')).status).toBe(200);
    expect((await as(clinicLearner.token).get('/googlestorage/download/webinar/ward-round.mp4')).status).toBe(
      404,
    );
    const after = await db.select().from(webinars).where(eq(webinars.id, own._id));
    expect({ ...after[0], recording: null }).toEqual(before[0]);

    // An admin's webinar is the platform's: every company's learners see it.
    const byAdmin = await as(admin.token).post('/zoom/meeting', { ...body, topic: 'Platform-wide session' });
    expect(byAdmin.status).toBe(200);
    expect((await list(clinicLearner.token)).some((w) => w._id === byAdmin.json._id)).toBe(true);
    expect((await book(clinicLearner.token, byAdmin.json as W, clinicLearner._id)).status).toBe(200);
  });
});
