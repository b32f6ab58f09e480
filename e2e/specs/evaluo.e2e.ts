import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, messagesFor } from '@medenglish/shared';
import { seriousViolations, type Finding, stateVariants } from '../support/axe';
import { DEMO, launchBrowser, logIn, newPage, screenshot } from '../support/browser';
import { demoSurveyId } from '../support/global-setup';
import { expectNoFrenchInterface } from '../support/language';
import { openPageOn, signInOn } from '../support/own-server-browser';
import { startServer, type ServerProcess } from '../support/server-process';

const t = messages.evaluo;
const READING = 'Medical English – reading a clinical guideline (S3)';
const SPEAKING = 'Medical English – presenting a patient at handover (S3)';

/**
 * Issue 13, /evaluo (SPEC §2): the demo learner's exams at the external provider — the demo
 * server's offline simulator — with both actions opening the provider in a new tab; the entry only
 * for a company with activatedEvaluo; a provider that does not answer said clearly.
 */
describe('external exams (/evaluo)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

  it("lists the learner's exams by start, and opens their copy or the exam at the provider in a new tab", async () => {
    const { context, page } = await newPage(browser, { width: 390 });
    await logIn(page, DEMO.etudiant);
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: messages.dashboard.evaluoLink }).click();
    await page.waitForURL('**/evaluo');
    await page.getByRole('table', { name: t.caption }).waitFor();
    const names = await page.getByRole('row').filter({ hasText: 'Medical English' }).allInnerTexts();
    expect(
      names.map((n) => (n.includes(READING) ? 'reading' : n.includes(SPEAKING) ? 'speaking' : n)),
    ).toEqual(['reading', 'speaking']);
    await expect(page.getByText('resit').count()).resolves.toBe(0);
    await screenshot(page, 'evaluo-390');

    const [copy] = await Promise.all([
      context.waitForEvent('page'),
      row(page, READING)
        .getByRole('button', { name: new RegExp(`^${t.seeCopy}`) })
        .click(),
    ]);
    await copy.waitForURL(/\/evaluo-sim\/testStudent\/show\?id=S3-READING-1&token=/);
    await copy.getByText('Copie de etudiant.demo@demo-univ.fr', { exact: false }).waitFor();
    await copy.close();

    const [take] = await Promise.all([
      context.waitForEvent('page'),
      row(page, SPEAKING)
        .getByRole('button', { name: new RegExp(`^${t.takeExam}`) })
        .click(),
    ]);
    await take.waitForURL(/\/evaluo-sim\/takeExam\/index\?id=S3-SPEAKING-2&token=/);
    await take.getByText('Examen ouvert pour etudiant.demo@demo-univ.fr', { exact: false }).waitFor();
    await context.close();

    const findings: Finding[] = [];
    for (const [width, dark] of stateVariants) {
      const other = await newPage(browser, { width, dark });
      await logIn(other.page, DEMO.etudiant);
      await other.page.waitForURL('**/dashboard');
      await other.page.goto('/evaluo');
      await other.page.getByRole('table', { name: t.caption }).waitFor();
      expect(await other.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      findings.push(...(await seriousViolations(other.page, `${width}${dark ? '-dark' : ''} evaluo`)));
      await screenshot(other.page, `evaluo-${width}${dark ? '-dark' : ''}`);
      await other.context.close();
    }
    expect(findings.map((f) => `${f.state}: ${f.rule} at ${f.targets.join(' | ')}`)).toEqual([]);
  }, 120_000);

  it("speaks the learner's language: the page in English, then back to French", async () => {
    const en = messagesFor('en');
    const { context, page } = await newPage(browser, { width: 1280 });
    await logIn(page, 'tiers-temps.demo@demo-univ.fr');
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: messages.shell.account }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: en.dashboard.studyTimeCard }).waitFor();
    try {
      await page.goto('/evaluo');
      await page.getByRole('table', { name: en.evaluo.caption }).waitFor();
      await page.getByRole('button', { name: new RegExp(`^${en.evaluo.seeCopy}`) }).waitFor();
      await page.getByRole('columnheader', { name: en.evaluo.begin }).waitFor();
      await expectNoFrenchInterface(page, '/evaluo');
    } finally {
      await page.getByRole('button', { name: en.shell.account }).click();
      await page.getByRole('menuitem', { name: 'Français' }).click();
      await page.getByRole('heading', { level: 1, name: messages.pages['/evaluo'] }).waitFor();
      await context.close();
    }
  });

  it('offers neither the entry nor the page to a company without activatedEvaluo', async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    await logIn(page, DEMO.salarie);
    await page.waitForURL('**/dashboard');
    expect(await page.getByRole('link', { name: messages.pages['/evaluo'] }).count()).toBe(0);
    await page.goto('/evaluo');
    await page.getByText(t.notActivated).waitFor();
    await context.close();
  });

  describe('with a provider that does not answer', () => {
    let server: ServerProcess;
    let surveyId: string;
    beforeAll(async () => {
      // Port 9 (discard) on loopback: nothing listens, the adapter's calls fail at once.
      server = await startServer({ EVALUO_URL: 'http://127.0.0.1:9', EVALUO_KEY: 'unreachable' });
      surveyId = await demoSurveyId(server.baseURL);
    }, 90_000);
    afterAll(async () => server?.close());

    it('says so clearly, offers to try again, and the rest of the app still works', async () => {
      const { context, page } = await openPageOn(browser, server, surveyId, { width: 390 });
      await signInOn(page, DEMO.etudiant);
      await page.goto('/evaluo');
      await page.getByText(t.unavailable).waitFor();
      await page.getByRole('button', { name: t.retry }).click();
      await page.getByText(t.unavailable).waitFor();
      expect(await seriousViolations(page, '390 evaluo unavailable')).toEqual([]);
      await screenshot(page, 'evaluo-unavailable-390');
      await page.goto('/elearning/exam');
      await page.getByRole('region', { name: messages.exam.typeNames[3] }).waitFor();
      await context.close();
    }, 60_000);
  });
});
