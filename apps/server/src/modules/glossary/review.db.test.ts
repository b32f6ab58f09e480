import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login } from '../../test/api.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const START = new Date('2026-11-02T07:30:00.000Z');
const DAY = 24 * 3600_000;

/** Issue 14, "Review my words": starred words scheduled by FSRS over days of a controlled clock. */
describe('glossary review', () => {
  let ctx: TestContext;
  let me: Awaited<ReturnType<typeof login>>;
  let other: Awaited<ReturnType<typeof login>>;
  let words: { _id: string; word: string }[];

  beforeAll(async () => {
    ctx = await createTestContext({ now: START, config: { ACCESS_TOKEN_MINUTES: 60 * 24 * 365 * 5 } });
    me = await login(ctx.app, DEMO.etudiant);
    other = await login(ctx.app, 'tiers-temps.demo@demo-univ.fr');
    words = (await call(ctx.app, 'GET', '/api/glossary/', { token: me.token })).json;
  });
  afterAll(() => ctx.close());

  const as = (who: typeof me) => ({
    get: (path: string) => call(ctx.app, 'GET', `/api${path}`, { token: who.token }),
    put: (path: string) => call(ctx.app, 'PUT', `/api${path}`, { token: who.token }),
    post: (path: string, body: unknown) => call(ctx.app, 'POST', `/api${path}`, { token: who.token, body }),
    del: (path: string) => call(ctx.app, 'DELETE', `/api${path}`, { token: who.token }),
  });

  it('schedules starred words: due at once, further away with each good answer, back soon after a lapse', async () => {
    const api = as(me);
    const [a, b] = [words[10]!, words[20]!];
    expect((await api.put(`/glossary/stars/${me._id}/${a._id}`)).json.due).toBe(START.toISOString());
    await api.put(`/glossary/stars/${me._id}/${b._id}`);
    await api.put(`/glossary/stars/${me._id}/${b._id}`); // starring twice changes nothing
    expect((await api.get(`/glossary/stars/${me._id}`)).json).toHaveLength(2);

    const first = (await api.get(`/glossary/review/${me._id}`)).json;
    expect(first.map((c: { word: { _id: string } }) => c.word._id).sort()).toEqual([a._id, b._id].sort());
    const p = first[0].previews;
    expect(Date.parse(p.again)).toBeLessThan(Date.parse(p.good));
    expect(Date.parse(p.good)).toBeLessThanOrEqual(Date.parse(p.easy));

    // Word a answered "good" at each of six reviews (over months): each interval longer than the last.
    let gaps: number[] = [];
    let due = START.getTime();
    for (let review = 0; review < 6; review++) {
      ctx.clock.set(new Date(due));
      const session = (await api.get(`/glossary/review/${me._id}`)).json as { word: { _id: string } }[];
      expect(session.some((c) => c.word._id === a._id)).toBe(true);
      const next = Date.parse(
        (await api.post(`/glossary/review/${me._id}/${a._id}`, { rating: 'good' })).json.due,
      );
      gaps.push(next - due);
      due = next;
    }
    expect(gaps.slice(2).every((g, i) => g > gaps[i + 1]!)).toBe(true);
    expect(gaps.at(-1)!).toBeGreaterThan(3 * DAY);

    // A retry of the last answer (the connection dropped) or a second device: applied once.
    const retried = await api.post(`/glossary/review/${me._id}/${a._id}`, { rating: 'again' });
    expect(Date.parse(retried.json.due)).toBe(due);

    // Not due yet: not in the session.
    ctx.clock.set(new Date(due - 60_000));
    expect(
      ((await api.get(`/glossary/review/${me._id}`)).json as { word: { _id: string } }[]).some(
        (c) => c.word._id === a._id,
      ),
    ).toBe(false);

    // A lapse: "again" brings it back within the hour.
    ctx.clock.set(new Date(due));
    const lapse = Date.parse(
      (await api.post(`/glossary/review/${me._id}/${a._id}`, { rating: 'again' })).json.due,
    );
    expect(lapse - due).toBeLessThan(3600_000);
    gaps = [];

    // Unstarred: gone from the list and the session.
    expect((await api.del(`/glossary/stars/${me._id}/${b._id}`)).status).toBe(200);
    expect(
      (await api.get(`/glossary/stars/${me._id}`)).json.map((s: { wordId: string }) => s.wordId),
    ).toEqual([a._id]);
  });

  it("is the learner's own: another learner can neither read nor answer it, and bad input is 4xx", async () => {
    ctx.clock.set(START);
    const theirs = as(other);
    expect((await theirs.get(`/glossary/stars/${me._id}`)).status).toBe(403);
    expect((await theirs.get(`/glossary/review/${me._id}`)).status).toBe(403);
    expect(
      (await theirs.post(`/glossary/review/${me._id}/${words[10]!._id}`, { rating: 'good' })).status,
    ).toBe(403);
    expect((await theirs.get(`/glossary/stars/${other._id}`)).json).toEqual([]);
    const api = as(me);
    expect(
      (await api.post(`/glossary/review/${me._id}/${words[10]!._id}`, { rating: 'perfect' })).status,
    ).toBe(400);
    expect((await api.post(`/glossary/review/${me._id}/${words[30]!._id}`, { rating: 'good' })).status).toBe(
      404,
    );
    expect((await api.put(`/glossary/stars/${me._id}/00000000-0000-4000-8000-000000000000`)).status).toBe(
      404,
    );
  });
});
