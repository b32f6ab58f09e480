import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { call, DEMO, login } from '../../test/api.js';
import { FACTORY_PASSWORD, makeUser } from '../../test/factories.js';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

/** Issue 14: the glossary's calls (SPEC §7), read by learners, written by staff only. */
describe('glossary', () => {
  let ctx: TestContext;
  let learner: string;
  let teacher: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    learner = (await login(ctx.app, DEMO.etudiant)).token;
    const staff = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, role: 'teacher' });
    teacher = (await login(ctx.app, staff.email, FACTORY_PASSWORD)).token;
  });
  afterAll(() => ctx.close());

  const list = async () =>
    (await call(ctx.app, 'GET', '/api/glossary/', { token: learner })).json as {
      _id: string;
      word: string;
      translation: string;
      definition: string;
      example: string;
    }[];

  it('lists the demo words in alphabetical order, each with its translation, definition and example', async () => {
    const words = await list();
    expect(words.length).toBeGreaterThanOrEqual(150);
    const keys = words.map((w) => w.word.toLowerCase());
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const w of words) {
      expect(w.translation.length && w.definition.length && w.example.length, w.word).toBeGreaterThan(0);
    }
  });

  it('lets staff add, change and delete a word, and refuses learners (403), changing nothing', async () => {
    const id = randomUUID();
    const word = {
      word: 'factory haemoptysis',
      translation: 'hémoptysie (test)',
      definition: 'Coughing up blood from the lungs or airways.',
    };
    const refused = await call(ctx.app, 'PUT', `/api/glossary/${id}`, { token: learner, body: word });
    expect(refused.status).toBe(403);
    expect(
      (await call(ctx.app, 'DELETE', `/api/glossary/${(await list())[0]!._id}`, { token: learner })).status,
    ).toBe(403);
    const before = await list();
    expect(before.some((w) => w.word === 'factory haemoptysis')).toBe(false);

    const added = await call(ctx.app, 'PUT', `/api/glossary/${id}`, { token: teacher, body: word });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ _id: id, ...word, example: '' });
    const changed = await call(ctx.app, 'PUT', `/api/glossary/${id}`, {
      token: teacher,
      body: { ...word, example: 'She reported haemoptysis for two days.' },
    });
    expect(changed.json.example).toBe('She reported haemoptysis for two days.');
    expect((await list()).length).toBe(before.length + 1);

    // One card per word, case aside.
    const twin = await call(ctx.app, 'PUT', `/api/glossary/${randomUUID()}`, {
      token: teacher,
      body: { ...word, word: 'Factory HAEMOPTYSIS' },
    });
    expect(twin.status).toBe(409);
    expect(twin.json.error.message).toBe(messages.glossary.duplicate);

    expect((await call(ctx.app, 'DELETE', `/api/glossary/${id}`, { token: teacher })).status).toBe(200);
    expect((await call(ctx.app, 'DELETE', `/api/glossary/${id}`, { token: teacher })).status).toBe(404);
    expect((await list()).length).toBe(before.length);
  });

  it('refuses an incomplete or malformed word with 400', async () => {
    for (const body of [
      { word: 'x' },
      { word: '', translation: 'a', definition: 'b' },
      { word: 'a\u0000', translation: 'a', definition: 'b' },
    ]) {
      expect(
        (await call(ctx.app, 'PUT', `/api/glossary/${randomUUID()}`, { token: teacher, body })).status,
      ).toBe(400);
    }
    expect(
      (await call(ctx.app, 'PUT', '/api/glossary/not-a-uuid', { token: teacher, body: {} })).status,
    ).toBe(400);
  });
});
