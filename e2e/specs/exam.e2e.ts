import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { seriousViolations, type Finding, stateVariants } from '../support/axe';
import { DEMO, launchBrowser, screenshot } from '../support/browser';
import { demoSurveyId } from '../support/global-setup';
import { answerCurrentQuestion, counterText } from '../support/placement';
import { advanceClock, apiAs, openPageOn, signInOn } from '../support/own-server-browser';
import { startServer, type ServerProcess } from '../support/server-process';

const MIN = 60_000;
const OPEN_POOL = 's3-clinical-communication';
const TIERS_TEMPS = 'tiers-temps.demo@demo-univ.fr';

/**
 * Issue 12 in the browser, on a server of its own whose clock the test moves forward (TEST_CLOCK):
 * a learner with extra time takes the open quiz exam, reloads mid-way, loses the network, answers
 * from a second tab, gets the 5-minute warning and is sent at zero; an attempt left open is sent
 * by the deadline job. The server's own clock is the only one that counts.
 */
describe('quiz exam with a controllable server clock', () => {
  let server: ServerProcess;
  let browser: Browser;
  let surveyId: string;

  beforeAll(async () => {
    server = await startServer({ TEST_CLOCK: '1', JOBS_POLL_MS: '300' });
    surveyId = await demoSurveyId(server.baseURL);
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const advance = (ms: number) => advanceClock(server, ms);
  const apiLogin = (email: string) => apiAs(server, email);
  const openPage = (width = 390, dark = false) => openPageOn(browser, server, surveyId, { width, dark });

  /** Seconds on the exam's timer ('Temps restant 1:59:58'). */
  async function timerSeconds(page: Page): Promise<number> {
    const text = (await page.getByRole('timer').textContent()) ?? '';
    const clock = /(\d+(?::\d\d){1,2})\s*$/.exec(text)![1]!;
    return clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  }

  /**
   * WCAG 2.2 AA (issue 10's rule for every screen and state): the exam as it stands, opened in a
   * new device at 390 and 1280 px, light and dark, signed in as the same learner (the attempt is
   * shared, as with a second tab), scanned by axe once `ready` shows.
   */
  const findings: Finding[] = [];
  async function scanEverywhere(state: string, url: string, ready: (page: Page) => Promise<unknown>) {
    for (const [width, dark] of stateVariants) {
      const { context, page } = await openPage(width, dark);
      await signInOn(page, TIERS_TEMPS);
      await page.goto(url);
      await ready(page);
      await page.waitForTimeout(300);
      findings.push(...(await seriousViolations(page, `${width}${dark ? '-dark' : ''} ${state}`)));
      await context.close();
    }
  }

  it('resumes after a reload, keeps answers given offline, shares one attempt between tabs, warns at 5 minutes and sends at zero', async () => {
    const { context, page } = await openPage();
    await signInOn(page, TIERS_TEMPS);

    await page.goto('/elearning/exam');
    await scanEverywhere('exam list', '/elearning/exam', (p) =>
      p.getByRole('button', { name: messages.exam.start }).first().waitFor(),
    );
    // The open quiz's card: before 08:00 UTC the demo's written exam, which opened at this time
    // yesterday, is listed first (upcoming exams by their start).
    await page
      .getByRole('region')
      .filter({ hasText: messages.exam.typeNames[1] })
      .getByRole('button', { name: messages.exam.start })
      .first()
      .click();
    await page.getByRole('timer').waitFor();
    expect(await counterText(page)).toBe('Question : 1 / 20');
    // 90 minutes and 30 of extra time.
    expect(await timerSeconds(page)).toBeGreaterThan(119 * 60);
    await screenshot(page, 'exam-question-390');
    await scanEverywhere('exam question', page.url(), (p) => p.getByRole('timer').waitFor());
    const seen = new Set<string>();
    await answerCurrentQuestion(page, seen);
    await page.getByText('Question : 2 / 20', { exact: true }).waitFor();
    await answerCurrentQuestion(page, seen);
    await page.getByText('Question : 3 / 20', { exact: true }).waitFor();

    // A reload lands back in the exam, where it was, the time still running.
    await advance(3 * MIN);
    await page.reload();
    await page.getByRole('timer').waitFor();
    expect(await counterText(page)).toBe('Question : 3 / 20');
    const afterReload = await timerSeconds(page);
    expect(afterReload).toBeLessThan(117 * 60 + 5);
    expect(afterReload).toBeGreaterThan(116 * 60);

    // Offline for two minutes: the answers wait on the device, then reach the server.
    await context.setOffline(true);
    await answerCurrentQuestion(page, seen);
    await page.getByText('Question : 4 / 20', { exact: true }).waitFor();
    await answerCurrentQuestion(page, seen);
    await page.getByText(messages.exam.offline).waitFor();
    await page.getByText(messages.exam.pending(2)).waitFor();
    await advance(2 * MIN);
    await context.setOffline(false);
    await page.getByText(messages.exam.online).waitFor({ timeout: 15_000 });
    const learner = await apiLogin(TIERS_TEMPS);
    const status = async () =>
      (await learner.call('GET', `/examtype1/user/${learner._id}/${OPEN_POOL}`)).json;
    expect((await status()).answered).toBe(4);

    // A second tab on the same attempt: its answer to a question already answered in the first is
    // not counted twice; it moves on to where the attempt stands.
    const second = await context.newPage();
    await second.goto(page.url());
    await second.getByText('Question : 5 / 20', { exact: true }).waitFor();
    await answerCurrentQuestion(page, seen);
    await page.getByText('Question : 6 / 20', { exact: true }).waitFor();
    await expect.poll(async () => (await status()).answered).toBe(5);
    await answerCurrentQuestion(second, seen);
    await second.getByText('Question : 6 / 20', { exact: true }).waitFor({ timeout: 15_000 });
    expect((await status()).answered).toBe(5);
    await second.close();

    // 5 minutes left: the warning, from the server's time (the next sync, every 15 s).
    await advance((await status()).remainingMs - 4.75 * MIN);
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/moins de 5 minutes/).waitFor({ timeout: 25_000 });
    await screenshot(page, 'exam-warning-390');
    await scanEverywhere('exam warning dialog', page.url(), (p) =>
      p
        .getByRole('dialog')
        .getByText(/moins de \d minutes/)
        .waitFor(),
    );
    await dialog.getByRole('button', { name: messages.exam.warningOk }).click();

    // Zero: sent with every answer given.
    await advance((await status()).remainingMs + 1_000);
    await page
      .getByText(/Votre examen a été envoyé à \d\d\/\d\d\/\d{4} \d\d:\d\d/)
      .waitFor({ timeout: 25_000 });
    await screenshot(page, 'exam-sent-390');
    await scanEverywhere('exam sent', page.url(), (p) =>
      p.getByText(/Votre examen a été envoyé à/).waitFor(),
    );
    expect(
      findings,
      findings.map((f) => `${f.state}: ${f.rule} (${f.impact}) at ${f.targets.join(' | ')}`).join('\n'),
    ).toEqual([]);
    const sent = await status();
    expect(sent.finishedBy).toBe('timer');
    expect(sent.answered).toBe(5);
    expect(sent.examScores.total).toBe(20);
    await context.close();
  }, 300_000);

  it('sends an attempt its learner left open, with the answers saved, when the time is up', async () => {
    const learner = await apiLogin(DEMO.etudiant);
    const groups = (await learner.call('GET', `/group/user/${learner._id}`)).json as {
      _id: string;
      name: string;
    }[];
    const s3a = groups.find((g) => g.name === 'S3 – Groupe A')!;
    const started = await learner.call('POST', `/examtype1/init/${OPEN_POOL}`, {
      user: learner._id,
      groupId: s3a._id,
    });
    expect(started.status).toBe(200);
    const attempt = started.json as {
      testId: string;
      questions: { _id: string; type: string; answers: unknown[]; name: string }[];
    };
    const wellFormed = (q: (typeof attempt.questions)[number]) =>
      q.type === 'fillblank'
        ? Array.from({ length: q.name.split('___').length - 1 }, (_, i) => i)
        : q.type === 'd&d'
          ? q.answers.map((_, i) => i)
          : [0];
    const answers = attempt.questions
      .slice(0, 2)
      .map((q, position) => ({ position, question: q._id, answerIndex: wellFormed(q) }));
    expect((await learner.call('PUT', `/examtype1/${attempt.testId}`, { answers })).status).toBe(200);

    await advance(92 * MIN);
    await expect
      .poll(async () => (await learner.call('GET', `/examtype1/${attempt.testId}`)).json.finishedBy, {
        timeout: 15_000,
      })
      .toBe('deadline');
    const done = (await learner.call('GET', `/examtype1/${attempt.testId}`)).json;
    expect(done.answered).toBe(2);
    expect(done.examScores.total).toBe(20);
  }, 60_000);
});
