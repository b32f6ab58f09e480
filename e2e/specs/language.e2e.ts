import '@medenglish/shared/english';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '@medenglish/shared';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { newClinicLearner } from '../support/learners';
import { expectNoFrenchInterface, frenchOnlyTexts } from '../support/language';

const en = messagesFor('en');
const fr = messagesFor('fr');

async function logInAs(page: Page, email: string, password: string, texts = fr) {
  await page.goto('/');
  await page.getByLabel(texts.login.email, { exact: true }).fill(email);
  await page.getByLabel(texts.login.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: texts.login.submit }).click();
}

/** Every screen built so far, with what proves it drew (in the language of `texts`). */
const screens = (texts: typeof en) =>
  [
    ['/dashboard', texts.dashboard.studyTimeCard],
    ['/profile', texts.profile.personalInfo],
    ['/group', texts.group.exams],
    ['/elearning/course', 'Taking a patient history'],
    ['/elearning/course/patient-history', texts.elearning.objectives],
    ['/elearning/results', texts.elearning.results.modulesHeading],
    ['/elearning/resources', texts.pages['/elearning/resources']!],
    ['/elearning/exam', texts.exam.noExamPlanned],
    ['/glossary', texts.glossary.intro],
    ['/videos', texts.videos.intro],
    ['/learning-links', texts.learningLinks.introTitle],
    ['/learning-links/Clinical%20guidelines', 'UK national guidance'],
    ['/help', texts.help.faqTitle],
    ['/webinaire', texts.webinars.mine],
  ] as const;

async function visitEveryScreen(page: Page, texts: typeof en) {
  for (const [path, proof] of screens(texts)) {
    await page.goto(path);
    await page.getByText(proof, { exact: false }).first().waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    if (texts === en) await expectNoFrenchInterface(page, path);
  }
}

describe('one language per screen: French by default, English by choice (issue 10)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('has French interface texts to look for', () => {
    expect(frenchOnlyTexts.length).toBeGreaterThan(150);
    expect(frenchOnlyTexts).toContain(fr.dashboard.noNotification);
  });

  it('switches a learner to English on every screen, keeps it on the account, and back to French', async () => {
    const learner = await newClinicLearner();
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    await logInAs(page, learner.email, learner.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: fr.dashboard.studyTimeCard }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    await page.getByRole('button', { name: fr.shell.account }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: en.dashboard.studyTimeCard }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await visitEveryScreen(page, en);
    await screenshot(page, 'language-en-resources-1280');

    // Kept on the account: a new device signs in in English.
    const other = await newPage(browser, { width: 390, height: 844 });
    await logInAs(other.page, learner.email, learner.password);
    await other.page.getByRole('heading', { name: en.dashboard.studyTimeCard }).waitFor();
    await expectNoFrenchInterface(other.page, '/dashboard on another device');
    await screenshot(other.page, 'language-en-dashboard-390');
    // The narrow menu switches back to French.
    await other.page.getByRole('button', { name: en.shell.openMenu }).click();
    await other.page.getByRole('button', { name: 'Français' }).click();
    await other.page.getByRole('heading', { name: fr.dashboard.studyTimeCard }).waitFor();
    await other.context.close();

    // Back in the first browser, the next sign-in follows the account: French again.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await logInAs(page, learner.email, learner.password);
    await page.getByRole('heading', { name: fr.dashboard.studyTimeCard }).waitFor();
    await visitEveryScreen(page, fr);
    await context.close();
  }, 180_000);

  it('lets a visitor read the login page, sign up and start the placement test in English', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: en.login.title }).waitFor();
    await expectNoFrenchInterface(page, '/ (login)');
    await page.getByLabel(en.login.email, { exact: true }).fill('nobody@demo-univ.fr');
    await page.getByLabel(en.login.password, { exact: true }).fill('Wrong-Pass-2026');
    await page.getByRole('button', { name: en.login.submit }).click();
    // The server answers in English too.
    await page.getByText(en.login.invalidCredentials).first().waitFor();

    await page.getByRole('button', { name: en.login.createAccount }).click();
    await page.getByLabel(en.signup.code, { exact: true }).fill('DEMO-MED-2026');
    await page.getByRole('button', { name: en.signup.next }).click();
    const email = `english.${Date.now()}@demo-univ.fr`;
    await page.getByLabel(en.signup.email, { exact: true }).fill(email);
    await page.getByLabel(en.signup.emailConfirm, { exact: true }).fill(email);
    await page.getByLabel(en.login.password, { exact: true }).fill('Thorax2026x');
    await page.getByLabel(en.password.confirm, { exact: true }).fill('Thorax2026x');
    await page.getByLabel(en.signup.firstname, { exact: true }).fill('Aoife');
    await page.getByLabel(en.signup.lastname, { exact: true }).fill('Murphy');
    await page.getByLabel(en.signup.semester, { exact: true }).selectOption('3');
    await expectNoFrenchInterface(page, 'sign-up');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: en.signup.submit }).click();
    await page.waitForURL('**/test');
    await page.getByRole('button', { name: en.placement.start }).click();
    await page.getByRole('button', { name: en.placement.submit, exact: true }).waitFor();
    await expectNoFrenchInterface(page, '/test');
    await screenshot(page, 'language-en-test-390');
    await context.close();
  }, 120_000);
});
