import { eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyTime } from '../../db/schema.js';
import { creditedSeconds } from './heartbeat-rules.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { call, DEMO, login } from '../../test/api.js';

describe('PUT /api/unittrackers/timer/{id}: the study-time heartbeat', () => {
  let ctx: TestContext;
  let me: Awaited<ReturnType<typeof login>>;
  let groupId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    me = await login(ctx.app, DEMO.etudiant);
    const groups = await call(ctx.app, 'GET', `/api/group/user/${me._id}`, { token: me.token });
    groupId = groups.json[1]._id;
  });
  afterAll(() => ctx.close());

  const beat = (body: unknown, who = me) =>
    call(ctx.app, 'PUT', `/api/unittrackers/timer/${who._id}`, { token: who.token, body });
  const total = async () =>
    Number(
      (
        await ctx.database.db
          .select({ s: sum(studyTime.seconds) })
          .from(studyTime)
          .where(eq(studyTime.userId, me._id))
      )[0]!.s ?? 0,
    );

  it('starts the clock on the first beat and credits the real time after', async () => {
    expect((await beat({ unit: 'unit-1', time: 0, group: groupId })).json).toEqual({
      credited: 0,
      seconds: 0,
    });
    ctx.clock.advance(30_000);
    expect((await beat({ unit: 'unit-1', time: 30, group: groupId })).json).toEqual({
      credited: 30,
      seconds: 30,
    });
  });

  it('refuses to inflate: 3600 s claimed after 30 s are 30 s, and a replay at the same moment is 0', async () => {
    const before = await total();
    ctx.clock.advance(30_000);
    const [a, b] = await Promise.all([
      beat({ unit: 'unit-1', time: 3600, group: groupId }),
      beat({ unit: 'unit-1', time: 3600, group: groupId }),
    ]);
    expect([a.json.credited, b.json.credited].sort()).toEqual([0, 30]);
    expect(await total()).toBe(before + 30);
  });

  it('gives a learner back from an hour away one late beat, not the hour', async () => {
    const before = await total();
    ctx.clock.advance(3_600_000);
    me = await login(ctx.app, DEMO.etudiant); // the access token expired meanwhile
    expect((await beat({ time: 3600 })).json.credited).toBe(60);
    expect(await total()).toBe(before + 60);
  });

  it("refuses another learner's tracker, a group that is not the learner's, and bad bodies", async () => {
    const other = await login(ctx.app, DEMO.salarie);
    expect(
      (
        await call(ctx.app, 'PUT', `/api/unittrackers/timer/${other._id}`, {
          token: me.token,
          body: { time: 30 },
        })
      ).status,
    ).toBe(403);
    const theirGroup = (await call(ctx.app, 'GET', `/api/group/user/${other._id}`, { token: other.token }))
      .json[0]._id;
    expect((await beat({ time: 30, group: theirGroup })).status).toBe(403);
    for (const body of [
      {},
      { time: -1 },
      { time: 99_999 },
      { time: '30' },
      { time: 30, unit: 'x'.repeat(10_000) },
      { time: 30, group: 'nope' },
    ]) {
      expect((await beat(body)).status).toBe(400);
    }
    expect(
      (await call(ctx.app, 'PUT', `/api/unittrackers/timer/${me._id}`, { body: { time: 30 } })).status,
    ).toBe(401);
  });

  it('credits in SQL exactly what the rule of heartbeat-rules.ts says', async () => {
    const cases: [number, number][] = [
      [30, 30_000],
      [30, 12_500],
      [45.7, 50_000],
      [3600, 90_000],
      [0, 30_000],
      [59.9, 75_000],
      [30, 0],
    ];
    for (const [claimed, waitMs] of cases) {
      await beat({ time: 0, unit: 'rule-check' });
      const previous = ctx.clock.now();
      ctx.clock.advance(waitMs);
      me = await login(ctx.app, DEMO.etudiant);
      const res = await beat({ time: claimed, unit: 'rule-check' });
      expect(res.json.credited, `${claimed} s claimed after ${waitMs} ms`).toBe(
        creditedSeconds(claimed, previous, ctx.clock.now()),
      );
    }
  });

  it('keeps working when the pool opens a new connection (PGlite: one session shared by all)', async () => {
    me = await login(ctx.app, DEMO.etudiant);
    ctx.clock.advance(30_000);
    expect((await beat({ time: 30 })).status).toBe(200);
    // What the pool does to an idle connection after 10 s: closes it; the next query opens another.
    const client = await ctx.database.pool.connect();
    client.release(true);
    ctx.clock.advance(30_000);
    const again = await beat({ time: 30 });
    expect(again.status).toBe(200);
    expect(again.json.credited).toBe(30);
  });
});
