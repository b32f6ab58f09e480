import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { FACTORY_PASSWORD, makeUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const CAMPUS = '203.0.113.7';

/**
 * Issue 20: the per-address limit counts failed sign-ins, not successful ones. A campus behind one
 * address (a NAT) signs 150 learners in within minutes of an exam with no refusal; guessing from
 * that address is still stopped past the limit.
 */
describe('sign-ins from one campus address', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { trustProxy: true, RATE_LIMIT_IP_ATTEMPTS: 100 } });
  });
  afterAll(() => ctx.close());

  const signIn = (email: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/student/login',
      headers: { 'x-forwarded-for': CAMPUS, 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password }),
    });

  it('lets 150 learners in through one address, and still stops guessing from it', async () => {
    const learners = [];
    for (let i = 0; i < 150; i++)
      learners.push(await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, semester: 3 }));
    const statuses: number[] = [];
    for (let i = 0; i < learners.length; i += 10) {
      const batch = await Promise.all(
        learners.slice(i, i + 10).map((l) => signIn(l.email, FACTORY_PASSWORD)),
      );
      statuses.push(...batch.map((r) => r.statusCode));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // 100 failures from the address are counted; the next attempt from it is refused.
    for (let i = 0; i < 100; i++)
      expect((await signIn(`nobody${i}@demo-univ.fr`, 'Wrong2026pass')).statusCode).toBe(401);
    expect((await signIn(learners[0]!.email, FACTORY_PASSWORD)).statusCode).toBe(429);
  }, 180_000);
});
