import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '@medenglish/shared';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { call, DEMO, login } from '../../test/api.js';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { FACTORY_PASSWORD, makeUser } from '../../test/factories.js';

describe('interface language (issue 10: French by default, English by choice, kept on the server)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** A learner of their own: these tests change what they save. */
  const newLearner = async () => {
    const made = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite });
    return { ...(await login(ctx.app, made.email, FACTORY_PASSWORD)), email: made.email };
  };

  it('is French until the learner chooses English, then English on every later read', async () => {
    const me = await newLearner();
    const before = await call(ctx.app, 'GET', `/api/student/${me._id}`, { token: me.token });
    expect(before.json.language).toBe('fr');

    const saved = await call(ctx.app, 'PUT', `/api/student/language/${me._id}`, {
      token: me.token,
      body: { language: 'en' },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ language: 'en' });

    const again = await login(ctx.app, me.email, FACTORY_PASSWORD);
    const after = await call(ctx.app, 'GET', `/api/student/${again._id}`, { token: again.token });
    expect(after.json.language).toBe('en');
  });

  it("refuses another learner's language, an unknown language and extra fields, changing nothing", async () => {
    const me = await newLearner();
    const other = await newLearner();
    const put = (id: string, body: unknown) =>
      call(ctx.app, 'PUT', `/api/student/language/${id}`, { token: me.token, body });
    expect((await put(other._id, { language: 'en' })).status).toBe(403);
    expect((await put(me._id, { language: 'de' })).status).toBe(400);
    expect((await put(me._id, { language: 'en', admin: true })).status).toBe(400);
    expect((await put(me._id, {})).status).toBe(400);
    const otherUser = await call(ctx.app, 'GET', `/api/student/${other._id}`, { token: other.token });
    expect(otherUser.json.language).toBe('fr');
    const mine = await call(ctx.app, 'GET', `/api/student/${me._id}`, { token: me.token });
    expect(mine.json.language).toBe('fr');
  });

  it('answers its messages in the Accept-Language the web app sends, French for anyone else', async () => {
    const body = { email: DEMO.etudiant, password: 'Wrong-Password-1' };
    const en = await call(ctx.app, 'POST', '/api/student/login', {
      body,
      headers: { 'accept-language': 'en' },
    });
    expect(en.status).toBe(401);
    expect(en.json.error.message).toBe(messagesFor('en').login.invalidCredentials);
    const browser = await call(ctx.app, 'POST', '/api/student/login', {
      body,
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8,fr;q=0.5' },
    });
    expect(browser.json.error.message).toBe(messagesFor('en').login.invalidCredentials);
    for (const header of [undefined, '*', 'de', 'fr-FR,en;q=0.5']) {
      const res = await call(ctx.app, 'POST', '/api/student/login', {
        body,
        headers: header ? { 'accept-language': header } : {},
      });
      expect(res.json.error.message).toBe(messagesFor('fr').login.invalidCredentials);
    }
  });
});
