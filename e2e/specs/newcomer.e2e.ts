import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { launchBrowser, newPage, screenshot } from '../support/browser';
import { takeWholeTest, watchTutorial } from '../support/placement';

const noContent = (page: Page) => page.getByText(messages.dashboard.noContentTitle);

/** What a learner placed in a group sees on the three pages the dead end used to block. */
async function expectWorkingPages(page: Page) {
  await page.getByRole('heading', { name: messages.dashboard.studyTimeCard }).waitFor();
  expect(await noContent(page).count()).toBe(0);

  const nav = page.getByRole('navigation', { name: messages.shell.mainNavigation });
  if (!(await nav.isVisible())) await page.getByRole('button', { name: messages.shell.openMenu }).click();
  await nav.getByRole('button', { name: messages.shell.elearning }).click();
  await nav.getByRole('link', { name: messages.pages['/elearning/course'] }).click();
  await page.waitForURL('**/elearning/course');
  await page
    .getByRole('link', { name: /Taking a patient history/ })
    .first()
    .waitFor();
  expect(await noContent(page).count()).toBe(0);

  if (!(await nav.isVisible())) await page.getByRole('button', { name: messages.shell.openMenu }).click();
  await nav.getByRole('link', { name: messages.pages['/group'] }).click();
  await page.waitForURL('**/group');
  await page
    .getByText(/S3 – Groupe [AB]/)
    .first()
    .waitFor();
  expect(await noContent(page).count()).toBe(0);
  // On a phone the menu is a drawer that closes as the page opens: the screenshot shows the page
  // once it has slid away (by CSS: the closing drawer is already out of the accessibility tree).
  await page.locator(`nav[aria-label="${messages.shell.mainNavigation}"]`).waitFor({ state: 'hidden' });
}

describe('a newcomer, from sign-up to a working platform, without logging out (issue 10)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('signs up, takes the whole placement test, watches the tutorial and finds their group everywhere', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: messages.login.createAccount }).click();
    await page.getByLabel(messages.signup.code, { exact: true }).fill('DEMO-MED-2026');
    await page.getByRole('button', { name: messages.signup.next }).click();
    await page.getByLabel(messages.signup.email, { exact: true }).fill('premiere.annee@demo-univ.fr');
    await page.getByLabel(messages.signup.emailConfirm, { exact: true }).fill('premiere.annee@demo-univ.fr');
    await page.getByLabel(messages.login.password, { exact: true }).fill('Thorax2026x');
    await page.getByLabel(messages.password.confirm, { exact: true }).fill('Thorax2026x');
    await page.getByLabel(messages.signup.firstname, { exact: true }).fill('Maël');
    await page.getByLabel(messages.signup.lastname, { exact: true }).fill('Le Goff');
    await page.getByLabel(messages.signup.semester, { exact: true }).selectOption('3');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: messages.signup.submit }).click();
    await page.waitForURL('**/test');

    await takeWholeTest(page);
    await watchTutorial(page);
    await page.waitForURL('**/dashboard');
    await expectWorkingPages(page);
    await screenshot(page, 'newcomer-group-390');

    // And after a reload, on the dashboard again.
    await page.goto('/dashboard');
    await expectWorkingPages(page);
    await context.close();
  }, 300_000);
});
