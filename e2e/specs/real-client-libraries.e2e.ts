import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { seriousViolations } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import { demoSurveyId } from '../support/global-setup';
import { newClinicLearner } from '../support/learners';
import { openPageOn, signInOn } from '../support/own-server-browser';
import { CMI5_COURSE, TINCAN_COURSE, tincanjsCourse, xapiCmi5Course } from '../support/real-client-packages';
import { serverEntry, startServer, type ServerProcess } from '../support/server-process';

const REPORTS = 'reports:a-secret-of-sixteen-chars';
const GROUP = 'Parcours Clinique';
const TINCAN_MODULE = 'Chest pain triage';
const CMI5_MODULE = 'Reading a drug chart';
const importCli = path.join(path.dirname(serverEntry), 'cli/content-import.js');
const e = messages.elearning;

/**
 * Issue 34: courses around the real client libraries from the npm registry — TinCanJS as
 * Storyline ships it, and an AU of `@xapi/cmi5` — imported with the import command, launched in
 * Chromium by a newly signed-up learner without any change to the package, and their results read
 * back on the module page, the results page and from the LRS as a reporting tool would.
 */
describe('courses built on the real TinCanJS and @xapi/cmi5 libraries', () => {
  let browser: Browser;
  let server: ServerProcess;
  let surveyId: string;
  let learner: { email: string; password: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    // Packages from a content origin of their own, as a deployment serves them (decision 0042):
    // `localhost` is another origin than the app's 127.0.0.1, on the same server.
    server = await startServer((port) => ({
      XAPI_BASIC_AUTH: REPORTS,
      CONTENT_ORIGIN: `http://localhost:${port}`,
    }));
    surveyId = await demoSurveyId(server.baseURL);
    learner = await newClinicLearner(server.baseURL);
    // The embedded database is one process's: the imports run while the server is stopped.
    await server.stop();
    for (const [folder, module] of [
      [tincanjsCourse(), TINCAN_MODULE],
      [xapiCmi5Course(), CMI5_MODULE],
    ] as const) {
      await promisify(execFile)(
        process.execPath,
        [importCli, folder, '--new-module', module, '--group', GROUP],
        {
          env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
        },
      );
    }
    await server.restart();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The statements the LRS holds about an activity or under it, oldest first, as a reporting tool reads them. */
  async function verbsAbout(activity: string) {
    const query = new URLSearchParams({
      activity,
      related_activities: 'true',
      ascending: 'true',
      limit: '100',
    });
    const res = await fetch(`${server.baseURL}/api/xapi/statements?${query.toString()}`, {
      headers: {
        authorization: `Basic ${Buffer.from(REPORTS).toString('base64')}`,
        'x-experience-api-version': '1.0.3',
      },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      statements: { verb: { id: string }; object: { id: string }; actor: { name?: string } }[];
    };
    return body.statements.map((s) => ({ verb: s.verb.id.split('/').pop()!, object: s.object.id }));
  }

  async function signedIn(width: number, dark = false): Promise<{ page: Page; close: () => Promise<void> }> {
    const { context, page } = await openPageOn(browser, server, surveyId, { width, dark });
    await signInOn(page, learner.email, learner.password);
    return { page, close: () => context.close() };
  }

  it('TinCanJS as Storyline ships it: launch parameters, state, resume, statements, and the score on the results page', async () => {
    const { page, close } = await signedIn(1280);
    // A module of one unit opens it at once.
    await page.goto('/elearning/course/chest-pain-triage');
    const story = page.frameLocator(`iframe[title="${TINCAN_COURSE.name}"]`);
    // TinCanJS read endpoint, auth, actor, registration and activity_id from the address, and its
    // first requests (the resume state, `attempted`) went through: no parameter of ours rode along.
    await story.getByText('Slide 1 saved').waitFor();
    await story.getByRole('button', { name: 'Next slide' }).click();
    await story.getByText('Slide 2 saved').waitFor();

    // Leave on slide 2 and come back: the State API document brings the learner back there.
    await page.goto('/elearning/course');
    await page.goto('/elearning/course/chest-pain-triage');
    await story.getByRole('heading', { name: TINCAN_COURSE.slides[1] }).waitFor();
    await story.getByText('Slide 2 saved').waitFor();
    // Two of three right: 67 %, over the course's pass mark of 60 %.
    await story.getByLabel('10 minutes').check();
    await story.getByLabel('Aspirin 300 mg').check();
    await story.getByLabel('Never: two samples are always needed').check();
    await story.getByRole('button', { name: 'Submit' }).click();
    await story.getByText('Course passed').waitFor();

    const statements = await verbsAbout(TINCAN_COURSE.id);
    expect(statements.map((s) => `${s.verb} ${s.object.replace(TINCAN_COURSE.id, '')}`.trim())).toEqual([
      'attempted',
      'experienced /slide1',
      'experienced /slide2',
      'resumed',
      'experienced /slide2',
      'answered /6Xq1Pz/ecg',
      'answered /6Xq1Pz/aspirin',
      'answered /6Xq1Pz/troponin',
      'passed',
      'completed',
    ]);

    // The results page shows the pass and its score.
    await page.goto('/elearning/results');
    await page.getByRole('button', { name: new RegExp(TINCAN_MODULE) }).click();
    const row = page.getByRole('listitem').filter({ hasText: TINCAN_COURSE.name });
    await row.getByText(e.passedWithScore(67)).waitFor();
    await row.getByText(messages.progress.percent(67), { exact: true }).waitFor();
    await screenshot(page, 'tincanjs-results-1280');
    await close();
  });

  it('@xapi/cmi5: an abandoned session, moveOn with a score, Review once satisfied, progress and completion', async () => {
    // On a phone, in the dark theme.
    const { page, close } = await signedIn(390, true);
    const menu = page.getByRole('navigation', { name: e.moduleMenu(CMI5_MODULE) });
    const quiz = page.frameLocator(`iframe[title="${CMI5_COURSE.quiz.title}"]`);
    const openQuiz = async () => {
      await page.goto('/elearning/course/reading-a-drug-chart');
      await menu.getByRole('link', { name: new RegExp(CMI5_COURSE.quiz.title) }).click();
    };

    // The library fetches its token, reads LaunchData and the learner preferences, and initializes.
    await openQuiz();
    await quiz.getByText('Ready · Normal').waitFor();
    // Left without an answer, then launched again: the LMS abandons the first session.
    await openQuiz();
    await quiz.getByText('Ready · Normal').waitFor();
    // One of two right: 50 %, the AU's masteryScore. moveOn sends passed, completed, terminated.
    await quiz.getByLabel('When required').check();
    await quiz.getByLabel('units, written in full').check();
    await quiz.getByRole('button', { name: 'Submit answers' }).click();
    await quiz.getByText('Passed', { exact: true }).waitFor();
    await screenshot(page, 'xapi-cmi5-quiz-390');

    // The AU's statements, found by its publisher id (cmi5 9.6.2.3 grouping): the LMS gives the
    // AU an activity id of its own.
    const quizStatements = await verbsAbout(CMI5_COURSE.quiz.id);
    expect(quizStatements.map((s) => s.verb)).toEqual([
      'launched',
      'initialized',
      'abandoned',
      'launched',
      'initialized',
      'answered',
      'passed',
      'completed',
      'terminated',
    ]);
    expect(quizStatements.find((s) => s.verb === 'answered')?.object).toMatch(/tests\/abbreviations.*prn$/);

    // Satisfied: a new launch is for review, and the AU offers nothing to be judged on.
    await page.goto('/elearning/course/reading-a-drug-chart');
    await menu.getByText(e.passedWithScore(50)).waitFor();
    await menu.getByRole('link', { name: new RegExp(CMI5_COURSE.quiz.title) }).click();
    await quiz.getByText('Ready · Review').waitFor();
    await expect.poll(() => quiz.getByRole('button', { name: 'Submit answers' }).isDisabled()).toBe(true);

    await expect(seriousViolations(page, 'cmi5 AU in Review')).resolves.toEqual([]);

    // The notes (moveOn Completed): looked at without being assessed first (Browse, on request),
    // then back to Normal — progress, completed and terminated; the course is done.
    await page.goto('/elearning/course/reading-a-drug-chart');
    await menu.getByRole('link', { name: new RegExp(CMI5_COURSE.notes.title) }).click();
    const notes = page.frameLocator(`iframe[title="${CMI5_COURSE.notes.title}"]`);
    await notes.getByText('Ready · Normal').waitFor();
    await page.getByRole('button', { name: e.launchMode.browse }).click();
    await notes.getByText('Ready · Browse').waitFor();
    await page.getByText(e.launchMode.browsing).waitFor();
    await expect
      .poll(() => notes.getByRole('button', { name: 'I have read the notes' }).isDisabled())
      .toBe(true);
    await expect(seriousViolations(page, 'cmi5 AU in Browse')).resolves.toEqual([]);
    await screenshot(page, 'xapi-cmi5-browse-390');
    await page.getByRole('button', { name: e.launchMode.normal }).click();
    await notes.getByText('Ready · Normal').waitFor();
    await notes.getByRole('button', { name: 'I have read the notes' }).click();
    await notes.getByText('Notes completed').waitFor();
    // Each new launch abandons the session before it (cmi5 9.3.9, the LMS's "abandoned").
    expect((await verbsAbout(CMI5_COURSE.notes.id)).map((s) => s.verb)).toEqual([
      'launched',
      'initialized',
      'abandoned',
      'launched',
      'initialized',
      'abandoned',
      'launched',
      'initialized',
      'progressed',
      'completed',
      'terminated',
    ]);
    // Both AUs met their moveOn: the LMS says the course is satisfied (cmi5 9.3.9).
    expect(await verbsAbout(CMI5_COURSE.id)).toContainEqual(expect.objectContaining({ verb: 'satisfied' }));
    await page.goto('/elearning/course');
    await page.getByRole('progressbar', { name: e.moduleProgress(CMI5_MODULE, 100) }).waitFor();
    await close();

    // On a wide screen in the light theme: the quiz, satisfied, opens in Review and says so.
    const wide = await signedIn(1280);
    await wide.page.goto('/elearning/course/reading-a-drug-chart');
    await wide.page
      .getByRole('navigation', { name: e.moduleMenu(CMI5_MODULE) })
      .getByRole('link', { name: new RegExp(CMI5_COURSE.quiz.title) })
      .click();
    await wide.page
      .frameLocator(`iframe[title="${CMI5_COURSE.quiz.title}"]`)
      .getByText('Ready · Review')
      .waitFor();
    await wide.page.getByText(e.launchMode.review).waitFor();
    await expect(seriousViolations(wide.page, 'cmi5 AU in Review, 1280 light')).resolves.toEqual([]);
    await screenshot(wide.page, 'xapi-cmi5-review-1280');
    await wide.close();
  });
});
