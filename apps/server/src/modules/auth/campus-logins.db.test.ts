import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { FACTORY_PASSWORD, makeUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const CAMPUS = '203.0.113.7';

/**
 * Issues 20 and 32: the per-address limit counts failed sign-ins only — not successful ones, nor
 * sign-ins still in flight. A campus behind one address (a NAT) signs 150 learners in at the same
 * moment, at the start of an exam, with no refusal; guessing from that address is still stopped
 * once it has made RATE_LIMIT_IP_ATTEMPTS failures.
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

  it('lets 150 learners in at once through one address, and still stops guessing from it', async () => {
    const learners = [];
    for (let i = 0; i < 150; i++)
      learners.push(await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, semester: 3 }));
    // All at once: 150 sign-ins in flight together, more than the address's limit of 100.
    const signedIn = await Promise.all(learners.map((l) => signIn(l.email, FACTORY_PASSWORD)));
    expect(signedIn.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);

    // 100 failures from the address are counted; the next attempt from it is refused, a guess as
    // well as the right password.
    for (let i = 0; i < 100; i++)
      expect((await signIn(`nobody${i}@demo-univ.fr`, 'Wrong2026pass')).statusCode).toBe(401);
    expect((await signIn('nobody100@demo-univ.fr', 'Wrong2026pass')).statusCode).toBe(429);
    const refused = await signIn(learners[0]!.email, FACTORY_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  }, 180_000);
});
