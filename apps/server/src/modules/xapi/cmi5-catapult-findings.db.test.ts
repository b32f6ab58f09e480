/**
 * What ADL's CATAPULT cmi5 LMS Test Suite found, over HTTP: the score of a `passed` kept when a
 * later request meets moveOn; a NotApplicable AU's "satisfied" statements ahead of its `launched`
 * (9.6.1); the learner preferences read-only to an AU (11.0); and the import's refusal of absolute
 * AU urls naming each url once, a few at most.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages } from '@medenglish/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { call, login } from '../../test/api.js';
import { FACTORY_PASSWORD, groupIdByName, makeCmi5Unit, makeUser } from '../../test/factories.js';
import { cmi5Statement, launchAu, lrsRequest, type LaunchedAu } from '../../test/cmi5-au.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { cmi5Units } from '../../db/schema.js';
import { parseCmi5Course } from '../elearning/cmi5-course.js';
import { PackageError } from '../elearning/package-reader.js';

const ADMIN = `Basic ${Buffer.from('reports:a-secret-of-sixteen-chars').toString('base64')}`;
const SESSION_EXT = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid';
const MASTERY_EXT = 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore';
const SATISFIED = 'https://w3id.org/xapi/adl/verbs/satisfied';
const LAUNCHED = 'http://adlnet.gov/expapi/verbs/launched';
const ABANDONED = 'https://w3id.org/xapi/adl/verbs/abandoned';
const PREFERENCES = 'cmi5LearnerPreferences';

type Session = Awaited<ReturnType<typeof login>>;
interface Learner {
  id: string;
  session: Session;
}
type Au = LaunchedAu;

describe('cmi5 LMS Test Suite findings, over HTTP', () => {
  let ctx: TestContext;
  let group: string;

  beforeAll(async () => {
    ctx = await createTestContext({ config: { XAPI_BASIC_AUTH: 'reports:a-secret-of-sixteen-chars' } });
    group = await groupIdByName(ctx.database.db, 'S3 – Groupe A');
  });
  afterAll(() => ctx.close());

  const newLearner = async (): Promise<Learner> => {
    const made = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [group] });
    return { id: made.id, session: await login(ctx.app, made.email, FACTORY_PASSWORD) };
  };
  const lrs = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    auth: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => lrsRequest(ctx.app, method, url, auth, body, headers);
  /** A launch as the AU sees it: token fetched, LMS.LaunchData read — learner preferences not yet. */
  const launch = (learner: Learner, unitId: string): Promise<Au> =>
    launchAu(ctx.app, learner.session.token, unitId, { groupId: group });
  const preferencesQuery = (au: Au) =>
    new URLSearchParams({ profileId: PREFERENCES, agent: JSON.stringify(au.actor) });
  const readPreferences = async (au: Au) => {
    expect((await lrs('GET', `agents/profile?${preferencesQuery(au)}`, au.auth)).statusCode).toBe(404);
  };
  const defined = cmi5Statement;
  const send = (au: Au, statement: unknown) => lrs('POST', 'statements', au.auth, statement);
  const sendOk = async (au: Au, statement: unknown) => {
    const res = await send(au, statement);
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The learner's row of the unit in GET /module/user/{id}/{group}. */
  const unitRow = async (learner: Learner, unitId: string) => {
    const res = await call(ctx.app, 'GET', `/api/module/user/${learner.id}/${group}`, {
      token: learner.session.token,
    });
    expect(res.status).toBe(200);
    return (res.json as any[]).flatMap((m) => m.units).find((u: any) => u.unit._id === unitId);
  };
  const registrationStatements = async (registration: string, ascending: boolean) => {
    const q = new URLSearchParams({ registration, ascending: String(ascending), limit: '100' });
    const res = await lrs('GET', `statements?${q}`, ADMIN);
    expect(res.statusCode).toBe(200);
    return res.json().statements as any[];
  };

  describe('the score of the pass is kept when moveOn is met later (CompletedAndPassed)', () => {
    const SCORE = { scaled: 0.5, raw: 1, min: 0, max: 2 };
    /** A fresh learner in a Normal session of a new CompletedAndPassed AU, initialized. */
    const started = async () => {
      const unitId = await makeCmi5Unit(ctx.database.db, {
        followedBy: [group],
        moveOn: 'CompletedAndPassed',
        masteryScore: 0.5,
      });
      const learner = await newLearner();
      const au = await launch(learner, unitId);
      expect(au.launchData).toMatchObject({ moveOn: 'CompletedAndPassed', masteryScore: 0.5 });
      await readPreferences(au);
      await sendOk(au, defined(au, 'initialized'));
      const passed = defined(au, 'passed', { success: true, score: SCORE, duration: 'PT1M' });
      passed.context.extensions = { ...passed.context.extensions, [MASTERY_EXT]: au.launchData.masteryScore };
      const completed = defined(au, 'completed', { completion: true, duration: 'PT2M' });
      return { unitId, learner, au, passed, completed };
    };
    const expectPassedWithScore = async (learner: Learner, unitId: string) => {
      expect(await unitRow(learner, unitId)).toMatchObject({
        verb: 'passed',
        result: { success: true, completion: true, score: { scaled: 0.5, raw: 1, max: 2 } },
      });
    };

    it('passed, then completed in a separate request', async () => {
      const { unitId, learner, au, passed, completed } = await started();
      await sendOk(au, passed);
      // moveOn not met yet: the unit is only attempted.
      expect(await unitRow(learner, unitId)).toMatchObject({ verb: 'attempted' });
      await sendOk(au, completed);
      await expectPassedWithScore(learner, unitId);
    });

    it('passed and completed in one request', async () => {
      const { unitId, learner, au, passed, completed } = await started();
      await sendOk(au, [passed, completed]);
      await expectPassedWithScore(learner, unitId);
    });

    it('completed, then passed in a separate request', async () => {
      const { unitId, learner, au, passed, completed } = await started();
      await sendOk(au, completed);
      expect(await unitRow(learner, unitId)).toMatchObject({ verb: 'attempted' });
      await sendOk(au, passed);
      await expectPassedWithScore(learner, unitId);
    });
  });

  it('a NotApplicable AU: the block\'s and course\'s "satisfied" come before "launched" (9.6.1), every time', async () => {
    const key = randomUUID();
    const block = {
      id: `urn:medenglish:cmi5:block:${key}`,
      publisherId: `https://factory.example/cmi5/${key}/block`,
    };
    const unitId = await makeCmi5Unit(ctx.database.db, {
      followedBy: [group],
      moveOn: 'NotApplicable',
      blocks: [block],
    });
    const [unit] = await ctx.database.db.select().from(cmi5Units).where(eq(cmi5Units.unitId, unitId));
    const grouping = (s: any) => s.context.contextActivities.grouping.map((g: any) => g.id);
    const kinds = (statements: any[]) =>
      statements.map(
        (s) =>
          `${s.verb.id.split('/').pop()}${s.object.definition?.type ? `:${s.object.definition.type.split('/').pop()}` : ''}`,
      );

    for (let i = 0; i < 3; i++) {
      const learner = await newLearner();
      const au = await launch(learner, unitId);
      const ascending = await registrationStatements(au.registration, true);
      // CATAPULT 9.6.1.1-3 and 9.6.2.3-2: statement[0] is the block's satisfied, with its publisher id.
      expect(kinds(ascending)).toEqual(['satisfied:block', 'satisfied:course', 'launched']);
      expect(ascending[0].verb.id).toBe(SATISFIED);
      expect(grouping(ascending[0])).toContain(block.publisherId);
      expect(ascending[1].object.id).toBe(unit!.courseActivityId);
      expect(grouping(ascending[1])).toContain(unit!.coursePublisherId);
      expect(ascending[2].verb.id).toBe(LAUNCHED);
      const sessionOf = (s: any) => s.context.extensions[SESSION_EXT];
      expect(new Set(ascending.map(sessionOf))).toEqual(
        new Set([au.launchData.contextTemplate.extensions[SESSION_EXT]]),
      );
      expect(await unitRow(learner, unitId)).toMatchObject({ verb: 'completed' });

      // A relaunch: the open session abandoned, then launched — nothing satisfied again.
      await launch(learner, unitId);
      const again = await registrationStatements(au.registration, true);
      expect(kinds(again)).toEqual([
        'satisfied:block',
        'satisfied:course',
        'launched',
        'abandoned',
        'launched',
      ]);
      expect(again[3].verb.id).toBe(ABANDONED);
      expect((await registrationStatements(au.registration, false)).map((s) => s.id)).toEqual(
        again.map((s) => s.id).reverse(),
      );
    }
  });

  describe("the learner preferences are the LMS's (cmi5 11.0)", () => {
    const refusedToAu = async (res: Awaited<ReturnType<typeof lrs>>) => {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.message).toBe(messages.cmi5.learnerPreferencesReadOnly);
    };
    const preferences = { languagePreference: 'en-GB', audioPreference: 'on' };

    it('an AU may not write or delete them: 403 whatever the preconditions, and nothing stored', async () => {
      const unitId = await makeCmi5Unit(ctx.database.db, { followedBy: [group] });
      const au = await launch(await newLearner(), unitId);
      const url = `agents/profile?${preferencesQuery(au)}`;
      await refusedToAu(await lrs('PUT', url, au.auth, preferences, { 'if-none-match': '*' }));
      await refusedToAu(await lrs('PUT', url, au.auth, preferences));
      await refusedToAu(await lrs('POST', url, au.auth, preferences));
      await refusedToAu(await lrs('DELETE', url, au.auth));
      await readPreferences(au);
      expect((await lrs('GET', url, ADMIN)).statusCode).toBe(404);
      // Another agent profile document of the learner stays the AU's to write.
      const other = `agents/profile?${new URLSearchParams({ profileId: 'au-notes', agent: JSON.stringify(au.actor) })}`;
      expect((await lrs('PUT', other, au.auth, { note: 1 }, { 'if-none-match': '*' })).statusCode).toBe(204);
    });

    it('the LMS (an admin credential) writes them, and the AU reads them', async () => {
      const unitId = await makeCmi5Unit(ctx.database.db, { followedBy: [group] });
      const au = await launch(await newLearner(), unitId);
      const url = `agents/profile?${preferencesQuery(au)}`;
      const put = await lrs('PUT', url, ADMIN, preferences, { 'if-none-match': '*' });
      expect(put.statusCode, put.body).toBe(204);
      const read = await lrs('GET', url, au.auth);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(preferences);
      // Still the LMS's: the AU's DELETE with the right ETag is refused too.
      await refusedToAu(
        await lrs('DELETE', url, au.auth, undefined, { 'if-match': put.headers.etag as string }),
      );
      expect((await lrs('GET', url, au.auth)).statusCode).toBe(200);
    });
  });
});

describe('import of a course whose AUs are served elsewhere', () => {
  const courseWith = (urls: string[]) => `<?xml version="1.0" encoding="utf-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="https://publisher.example/c"><title><langstring lang="en-GB">C</langstring></title><description><langstring lang="en-GB">d</langstring></description></course>
  ${urls
    .map(
      (url, i) =>
        `<au id="https://publisher.example/au/${i}"><title><langstring lang="en-GB">AU ${i}</langstring></title><description><langstring lang="en-GB">d</langstring></description><url>${url}</url></au>`,
    )
    .join('\n  ')}
</courseStructure>`;
  const refusal = (xml: string) => {
    try {
      parseCmi5Course(xml, { hasFile: () => true });
    } catch (error) {
      expect(error).toBeInstanceOf(PackageError);
      return (error as Error).message;
    }
    throw new Error('accepted');
  };

  it('names a url once, however many AUs use it', () => {
    const message = refusal(courseWith(Array.from({ length: 1000 }, () => 'https://cdn.example/au.html')));
    expect(message).toBe(
      'Package refused: the assignable unit "https://cdn.example/au.html" is not in the package (only packaged AUs are served).',
    );
  });

  it('names the first three urls, in course order, and counts the others', () => {
    const urls = Array.from({ length: 1000 }, (_, i) => `https://cdn.example/au-${i % 7}.html`);
    const message = refusal(courseWith(urls));
    expect(message).toBe(
      'Package refused: the assignable units "https://cdn.example/au-0.html", "https://cdn.example/au-1.html", ' +
        '"https://cdn.example/au-2.html" and 4 more are not in the package (only packaged AUs are served).',
    );
    expect(refusal(courseWith(['https://a.example/1.html', '//b.example/2.html']))).toBe(
      'Package refused: the assignable units "https://a.example/1.html" and "//b.example/2.html" are not in the package (only packaged AUs are served).',
    );
  });
});
