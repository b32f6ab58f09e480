import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { call, DEMO, login } from '../../test/api.js';
import { FACTORY_PASSWORD, groupIdByName, makeUser } from '../../test/factories.js';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

/** Issue 14: the glossary's calls (SPEC §7), read by learners, written by staff only. */
describe('glossary', () => {
  let ctx: TestContext;
  let learner: string;
  let teacher: string;
  /** A teacher of the university who teaches none of its groups (decision 0037: no staff of it). */
  let teacherOfNoGroup: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    learner = (await login(ctx.app, DEMO.etudiant)).token;
    const s3a = await groupIdByName(ctx.database.db, 'S3 – Groupe A');
    const staff = await makeUser(ctx.database.db, {
      companyId: DEMO_IDS.universite,
      role: 'teacher',
      teaches: [s3a],
    });
    teacher = (await login(ctx.app, staff.email, FACTORY_PASSWORD)).token;
    const idle = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, role: 'teacher' });
    teacherOfNoGroup = (await login(ctx.app, idle.email, FACTORY_PASSWORD)).token;
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

  it("keeps platform words an admin's and a company's own words to its staff and learners (decision 0037)", async () => {
    const db = ctx.database.db;
    const s3b = await groupIdByName(db, 'S3 – Groupe B');
    const clinicManager = await makeUser(db, { companyId: DEMO_IDS.clinique, role: 'manager' });
    const univManager = await makeUser(db, { companyId: DEMO_IDS.universite, role: 'manager' });
    const teacherOfB = await makeUser(db, {
      companyId: DEMO_IDS.universite,
      role: 'teacher',
      teaches: [s3b],
    });
    const tokenOf = async (u: { email: string }) => (await login(ctx.app, u.email, FACTORY_PASSWORD)).token;
    const [otherManager, ownManager, otherTeacher] = [
      await tokenOf(clinicManager),
      await tokenOf(univManager),
      await tokenOf(teacherOfB),
    ];
    const admin = (await login(ctx.app, 'admin.demo@medenglish.example')).token;
    const clinicLearner = await login(ctx.app, DEMO.salarie);
    type Listed = { _id: string; word: string; definition: string; editable?: boolean };
    const listOf = async (token: string) =>
      (await call(ctx.app, 'GET', '/api/glossary/', { token })).json as Listed[];
    const platformWords = await list();
    const platformWord = platformWords[0]!;

    // A teacher's new word is their company's: its staff may change it, its learners read it.
    const id = randomUUID();
    const word = {
      word: 'factory bradypnoea',
      translation: 'bradypnée (test)',
      definition: 'Slow breathing.',
    };
    const added = await call(ctx.app, 'PUT', `/api/glossary/${id}`, { token: teacher, body: word });
    expect(added.status).toBe(200);
    const learnerList = await list();
    expect(learnerList.length).toBe(platformWords.length + 1);
    expect(learnerList.find((w) => w._id === id)).toEqual({ ...word, _id: id, example: '', speciality: '' });

    // Another company's learner never sees it: not listed, not starred (404), not in the dictionary.
    const clinicList = await listOf(clinicLearner.token);
    expect(clinicList.some((w) => w._id === id)).toBe(false);
    expect(clinicList.length).toBe(platformWords.length);
    const starAnother = await call(ctx.app, 'PUT', `/api/glossary/stars/${clinicLearner._id}/${id}`, {
      token: clinicLearner.token,
    });
    expect(starAnother.status).toBe(404);
    expect(
      (await call(ctx.app, 'GET', `/api/glossary/stars/${clinicLearner._id}`, { token: clinicLearner.token }))
        .json,
    ).toEqual([]);
    const looked = await call(ctx.app, 'GET', '/api/dictionary/factory%20bradypnoea', {
      token: clinicLearner.token,
    });
    expect(looked.json?.glossary ?? null).toBeNull();
    // Its own company's learner stars it.
    const me = await login(ctx.app, DEMO.etudiant);
    const starred = await call(ctx.app, 'PUT', `/api/glossary/stars/${me._id}/${id}`, { token: me.token });
    expect(starred.status).toBe(200);
    await call(ctx.app, 'DELETE', `/api/glossary/stars/${me._id}/${id}`, { token: me.token });
    // Staff learn which words they may change (the page shows its edit and delete buttons on those).
    expect(added.json).toMatchObject({ _id: id, editable: true });
    const teacherList = await listOf(teacher);
    expect(teacherList.find((w) => w._id === id)?.editable).toBe(true);
    expect(teacherList.find((w) => w._id === platformWord._id)?.editable).toBe(false);
    expect((await listOf(otherTeacher)).find((w) => w._id === id)?.editable).toBe(true);

    // Another company's manager cannot reach it (404, as an unknown id); nothing changes.
    const hidden = await call(ctx.app, 'PUT', `/api/glossary/${id}`, {
      token: otherManager,
      body: { ...word, definition: 'Overwritten.' },
    });
    expect(hidden.status).toBe(404);
    expect((await call(ctx.app, 'DELETE', `/api/glossary/${id}`, { token: otherManager })).status).toBe(404);
    expect((await list()).find((w) => w._id === id)?.definition).toBe('Slow breathing.');
    // …and may use the same spelling for a word of its own: companies do not see each other's words.
    const clinicId = randomUUID();
    const clinicWord = await call(ctx.app, 'PUT', `/api/glossary/${clinicId}`, {
      token: otherManager,
      body: word,
    });
    expect(clinicWord.status).toBe(200);
    expect((await list()).some((w) => w._id === clinicId)).toBe(false);
    expect((await listOf(clinicLearner.token)).some((w) => w._id === clinicId)).toBe(true);

    // Platform words are an admin's: staff are refused (403), and nothing changes.
    const platformBody = {
      word: platformWord.word,
      translation: platformWord.translation,
      definition: 'Changed by staff.',
    };
    for (const token of [teacher, ownManager]) {
      expect(
        (await call(ctx.app, 'PUT', `/api/glossary/${platformWord._id}`, { token, body: platformBody }))
          .status,
      ).toBe(403);
      expect((await call(ctx.app, 'DELETE', `/api/glossary/${platformWord._id}`, { token })).status).toBe(
        403,
      );
    }
    expect((await list()).find((w) => w._id === platformWord._id)).toEqual(platformWord);
    // A company's word may not repeat a platform word its learners already see.
    const twin = await call(ctx.app, 'PUT', `/api/glossary/${randomUUID()}`, {
      token: teacher,
      body: { ...word, word: platformWord.word.toUpperCase() },
    });
    expect(twin.status).toBe(409);
    // A teacher who teaches none of the company's groups is no staff of it.
    const idle = await call(ctx.app, 'PUT', `/api/glossary/${randomUUID()}`, {
      token: teacherOfNoGroup,
      body: { ...word, word: 'factory idle word' },
    });
    expect(idle.status).toBe(403);
    expect((await call(ctx.app, 'DELETE', `/api/glossary/${id}`, { token: teacherOfNoGroup })).status).toBe(
      403,
    );

    // The company's manager changes its word; an admin any word, a company's staying the company's.
    const byManager = await call(ctx.app, 'PUT', `/api/glossary/${id}`, {
      token: ownManager,
      body: { ...word, definition: 'Abnormally slow breathing.' },
    });
    expect(byManager.status).toBe(200);
    const byAdmin = await call(ctx.app, 'PUT', `/api/glossary/${id}`, {
      token: admin,
      body: { ...word, definition: 'Breathing slower than normal.' },
    });
    expect(byAdmin.status).toBe(200);
    expect((await listOf(clinicLearner.token)).some((w) => w._id === id)).toBe(false);
    expect((await listOf(admin)).filter((w) => w._id === id || w._id === clinicId)).toHaveLength(2);
    // An admin's new word is the platform's: every company reads it.
    const platformId = randomUUID();
    expect(
      (
        await call(ctx.app, 'PUT', `/api/glossary/${platformId}`, {
          token: admin,
          body: { ...word, word: 'factory platform word' },
        })
      ).status,
    ).toBe(200);
    expect((await listOf(clinicLearner.token)).some((w) => w._id === platformId)).toBe(true);
    expect((await list()).some((w) => w._id === platformId)).toBe(true);
    expect((await listOf(teacher)).find((w) => w._id === platformId)?.editable).toBe(false);

    for (const [wordId, token] of [
      [id, teacher],
      [clinicId, otherManager],
      [platformId, admin],
    ] as const) {
      expect((await call(ctx.app, 'DELETE', `/api/glossary/${wordId}`, { token })).status).toBe(200);
    }
    expect((await list()).length).toBe(platformWords.length);
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
