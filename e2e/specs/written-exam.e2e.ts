import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { seriousViolations, type Finding, stateVariants } from '../support/axe';
import { DEMO, launchBrowser, screenshot } from '../support/browser';
import { demoSurveyId } from '../support/global-setup';
import { advanceClock, apiAs, openPageOn, signInOn } from '../support/own-server-browser';
import { startServer, type ServerProcess } from '../support/server-process';

const w = messages.exam.written;
const LETTER = 'Dear Dr Mehta, thank you for referring Mrs Fletcher, 67, with breathlessness.';

/**
 * Issue 13, the written answer exam, on a server of its own (killed and restarted mid-exam; its
 * clock moved to the end): the draft survives a reload and the crash, paste is blocked, the answer
 * is sent and locked; another learner's exam left open is sent at the end with its last draft.
 */
describe('written answer exam', () => {
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

  /** The written exam's card on /elearning/exam, and its start (or resume) button. */
  async function openWrittenExam(page: Page) {
    await page.goto('/elearning/exam');
    const card = page.getByRole('region', { name: messages.exam.typeNames[2] });
    await card
      .getByRole('button', { name: new RegExp(`${messages.exam.start}|${messages.exam.resume}`) })
      .click();
    await page.getByLabel(w.answerLabel).waitFor();
  }
  const answerBox = (page: Page) => page.getByLabel(w.answerLabel);

  it('keeps the draft across a reload and a killed server, blocks paste, sends and locks the answer', async () => {
    const { context, page } = await openPageOn(browser, server, surveyId);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInOn(page, DEMO.etudiant);
    await openWrittenExam(page);
    await page.getByRole('link', { name: w.openSubject }).waitFor();

    await answerBox(page).click();
    await page.keyboard.type(LETTER);
    await page.getByText(/Brouillon enregistré à \d\d:\d\d/).waitFor({ timeout: 10_000 });
    await screenshot(page, 'written-exam-390');

    // Paste is blocked (and said so): what the clipboard holds does not reach the box.
    await page.evaluate(() => navigator.clipboard.writeText(' PASTED FROM ELSEWHERE'));
    await answerBox(page).press('End');
    await answerBox(page).press('Control+V');
    expect(await answerBox(page).inputValue()).toBe(LETTER);
    await page.getByText(w.pasteBlocked, { exact: false }).waitFor();

    // A reload: the draft is there.
    await page.reload();
    await answerBox(page).waitFor();
    expect(await answerBox(page).inputValue()).toBe(LETTER);

    // The server killed (no shutdown) and started again: the draft saved on it is still there.
    await server.kill();
    await server.restart();
    await page.reload();
    await answerBox(page).waitFor({ timeout: 20_000 });
    expect(await answerBox(page).inputValue()).toBe(LETTER);

    // Send, confirmed: locked, with the time it was sent.
    await page.getByRole('button', { name: w.send }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(w.confirm).waitFor();
    await dialog.getByRole('button', { name: w.confirmSend }).click();
    await page.getByText(/Votre examen a été envoyé à \d\d\/\d\d\/\d{4} \d\d:\d\d/).waitFor();
    expect(await answerBox(page).getAttribute('readonly')).not.toBeNull();
    await screenshot(page, 'written-exam-sent-390');

    const camille = await apiAs(server, DEMO.etudiant);
    const [sent] = (await camille.call('GET', `/examresult/${camille._id}`)).json;
    expect(sent.answer).toBe(LETTER);
    expect(sent.sentBy).toBe('learner');

    // WCAG 2.2 AA on the sent exam, in both themes and widths.
    const findings: Finding[] = [];
    for (const [width, dark] of stateVariants) {
      const other = await openPageOn(browser, server, surveyId, { width, dark });
      await signInOn(other.page, DEMO.etudiant);
      await other.page.goto(page.url());
      await other.page.getByText(/Votre examen a été envoyé à/).waitFor();
      findings.push(
        ...(await seriousViolations(other.page, `${width}${dark ? '-dark' : ''} written exam sent`)),
      );
      await other.context.close();
    }
    expect(findings.map((f) => `${f.state}: ${f.rule} at ${f.targets.join(' | ')}`)).toEqual([]);
    await context.close();
  }, 180_000);

  it('sends the last draft automatically when the time is up', async () => {
    const { context, page } = await openPageOn(browser, server, surveyId, { width: 1280 });
    await signInOn(page, 'tiers-temps.demo@demo-univ.fr');
    await openWrittenExam(page);
    // Axe on the exam being written, at 1280 px.
    expect(await seriousViolations(page, '1280 written exam open')).toEqual([]);
    await answerBox(page).click();
    await page.keyboard.type('Unfinished letter to the GP');
    await page.getByText(/Brouillon enregistré à/).waitFor({ timeout: 10_000 });
    await context.close();

    // 90 minutes, 30 of extra time, the grace minute: the job sends it with the last draft.
    await advanceClock(server, (120 + 2) * 60_000);
    const ines = await apiAs(server, 'tiers-temps.demo@demo-univ.fr');
    await expect
      .poll(async () => (await ines.call('GET', `/examresult/${ines._id}`)).json[0]?.sentBy, {
        timeout: 15_000,
      })
      .toBe('deadline');
    const [written] = (await ines.call('GET', `/examresult/${ines._id}`)).json;
    expect(written.answer).toBe('Unfinished letter to the GP');
  }, 120_000);
});
