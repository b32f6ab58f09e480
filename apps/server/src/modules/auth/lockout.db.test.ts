import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { FACTORY_PASSWORD, makeUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { DEVICE_COOKIE } from './device-cookies.js';

/**
 * Issue 20: anyone who knows a learner's address could lock them out with ten wrong passwords,
 * from anywhere. Failures now count per account and source — the address, or a browser that has
 * signed in to the account before (its device cookie) — with a larger account-wide budget for
 * guessing spread over many addresses, which a known browser is not subject to.
 */
describe('lockouts stop the guesser, not the learner', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      config: {
        trustProxy: true,
        RATE_LIMIT_LOGIN_FAILURES: 10,
        RATE_LIMIT_LOGIN_ACCOUNT_FAILURES: 30,
        RATE_LIMIT_IP_ATTEMPTS: 1000,
      },
    });
  });
  afterAll(() => ctx.close());

  const signIn = async (email: string, password: string, from: string, cookie?: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/student/login',
      headers: {
        'x-forwarded-for': from,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      payload: JSON.stringify({ email, password }),
    });
    const set = res.headers['set-cookie'];
    const device = (Array.isArray(set) ? set : set ? [set] : []).find((c) =>
      c.startsWith(`${DEVICE_COOKIE}=`),
    );
    return { status: res.statusCode, device: device?.split(';')[0] };
  };
  const learner = async () => (await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite })).email;

  it('15 wrong guesses from one address, then the right password from another address succeeds', async () => {
    const email = await learner();
    const guesses = [];
    for (let i = 0; i < 15; i++)
      guesses.push((await signIn(email, `Wrong-guess${i}`, '198.51.100.66')).status);
    expect(guesses.filter((s) => s === 401)).toHaveLength(10);
    expect(guesses.filter((s) => s === 429)).toHaveLength(5);
    // The guesser's address stays refused, even with the right password…
    expect((await signIn(email, FACTORY_PASSWORD, '198.51.100.66')).status).toBe(429);
    // …the learner, elsewhere, signs in.
    expect((await signIn(email, FACTORY_PASSWORD, '203.0.113.20')).status).toBe(200);
  });

  it('a browser that signed in before keeps its own budget, even behind the guesser’s address', async () => {
    const email = await learner();
    const first = await signIn(email, FACTORY_PASSWORD, '203.0.113.30');
    expect(first.status).toBe(200);
    expect(first.device).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    for (let i = 0; i < 12; i++) await signIn(email, `Wrong-guess${i}`, '203.0.113.30');
    expect((await signIn(email, FACTORY_PASSWORD, '203.0.113.30')).status).toBe(429);
    expect((await signIn(email, FACTORY_PASSWORD, '203.0.113.30', first.device)).status).toBe(200);
  });

  it('a device cookie of another account, or a forged one, is no device at all', async () => {
    const email = await learner();
    const other = await learner();
    const theirs = (await signIn(other, FACTORY_PASSWORD, '203.0.113.40')).device!;
    for (let i = 0; i < 11; i++) await signIn(email, `Wrong-guess${i}`, '203.0.113.41');
    expect((await signIn(email, FACTORY_PASSWORD, '203.0.113.41', theirs)).status).toBe(429);
    const forged = `${DEVICE_COOKIE}=${'a'.repeat(22)}.${'b'.repeat(43)}`;
    expect((await signIn(email, FACTORY_PASSWORD, '203.0.113.41', forged)).status).toBe(429);
  });

  it('guessing spread over many addresses meets the account-wide budget; a known browser still gets in', async () => {
    const email = await learner();
    const known = await signIn(email, FACTORY_PASSWORD, '203.0.113.50');
    const statuses = [];
    for (let i = 0; i < 35; i++)
      statuses.push((await signIn(email, `Wrong-guess${i}`, `192.0.2.${i + 1}`)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
    // A new address is refused now, the learner's own browser is not.
    expect((await signIn(email, FACTORY_PASSWORD, '192.0.2.200')).status).toBe(429);
    expect((await signIn(email, FACTORY_PASSWORD, '192.0.2.200', known.device)).status).toBe(200);
  });
});
