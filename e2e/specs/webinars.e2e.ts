import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { seriousViolations, type Finding, stateVariants } from '../support/axe';
import { DEMO, launchBrowser, logIn, newPage, screenshot } from '../support/browser';
import { newClinicLearner } from '../support/learners';

const t = messages.webinars;
const card = (page: Page, topic: string) => page.getByRole('article').filter({ hasText: topic });
const tab = (page: Page, name: string) => page.getByRole('tab', { name });

/**
 * Issue 15, /webinaire (SPEC §2, §4, §5, §8): book, find it in Mes webinaires, cancel; a full
 * webinar cannot be booked; a replay plays; every tab without a serious accessibility violation.
 * New learners of their own, so the demo learners' bookings stay as other specs expect them.
 */
describe('webinars (/webinaire)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('books a webinar, shows it in Mes webinaires, cancels it; takes the last place, then it is full for others', async () => {
    const first = await newClinicLearner();
    const { context, page } = await newPage(browser, { width: 390 });
    await logIn(page, first.email, first.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/webinaire');
    await tab(page, t.upcoming).waitFor();
    expect(await tab(page, t.upcoming).getAttribute('aria-selected')).toBe('true');

    const summary = card(page, 'Writing a discharge summary');
    await summary.getByRole('button', { name: t.book }).click();
    await page.getByText(t.registered).waitFor();
    await summary.getByRole('button', { name: t.booked }).waitFor();
    expect(await summary.getByRole('button', { name: t.booked }).isDisabled()).toBe(true);
    // The booking as a calendar file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      summary.getByRole('button', { name: t.calendar }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);

    await tab(page, t.mine).click();
    await card(page, 'Writing a discharge summary').waitFor();
    await screenshot(page, 'webinars-mine-390');
    await card(page, 'Writing a discharge summary').getByRole('button', { name: t.cancel }).click();
    await page.getByText(t.cancelled).waitFor();
    await page.getByText(t.emptyMine).waitFor();

    // The last place of 'Presenting a clinical case' is hers…
    await tab(page, t.upcoming).click();
    const lastPlace = card(page, 'Presenting a clinical case');
    await lastPlace.getByText(t.placesLeft(1)).waitFor();
    await lastPlace.getByRole('button', { name: t.book }).click();
    await lastPlace.getByRole('button', { name: t.booked }).waitFor();
    await context.close();

    // …and another learner finds it full.
    const second = await newClinicLearner();
    const other = await newPage(browser, { width: 1280 });
    await logIn(other.page, second.email, second.password);
    await other.page.waitForURL('**/dashboard');
    await other.page.goto('/webinaire');
    const full = card(other.page, 'Presenting a clinical case');
    await full.getByText(t.placesLeft(0)).waitFor();
    expect(await full.getByRole('button', { name: t.full }).isDisabled()).toBe(true);
    // Vertical tabs on a laptop, moved with the arrow keys.
    expect(await other.page.getByRole('tablist').getAttribute('aria-orientation')).toBe('vertical');
    await tab(other.page, t.upcoming).focus();
    await other.page.keyboard.press('ArrowDown');
    await expect.poll(() => tab(other.page, t.replays).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => other.page.evaluate(() => document.activeElement?.textContent)).toBe(t.replays);
    await other.context.close();
  });

  it("plays a past webinar's replay; 'En attente' while there is none", async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    await logIn(page, DEMO.etudiant);
    await page.waitForURL('**/dashboard');
    await page.goto('/webinaire?tab=replays');
    const waiting = card(page, 'Taking a history over the telephone').getByRole('button', {
      name: t.waiting,
    });
    expect(await waiting.isDisabled()).toBe(true);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/media/recordings/')),
      card(page, 'Explaining medicines to patients').getByRole('button', { name: t.replay }).click(),
    ]);
    expect(response.status()).toBeLessThan(300);
    expect(response.headers()['content-type']).toBe('video/mp4');
    await context.close();
  });

  it('has no serious accessibility violation on any tab at 390 and 1280 px, light and dark', async () => {
    const found: Finding[] = [];
    for (const [width, dark] of stateVariants) {
      const name = `${width}${dark ? '-dark' : ''}`;
      const { context, page } = await newPage(browser, { width, dark });
      await logIn(page, DEMO.etudiant);
      await page.waitForURL('**/dashboard');
      for (const [value, label] of [
        ['upcoming', t.upcoming],
        ['replays', t.replays],
        ['mine', t.mine],
      ] as const) {
        await page.goto(`/webinaire?tab=${value}`);
        await page.getByRole('article').first().waitFor();
        expect(await tab(page, label).getAttribute('aria-selected')).toBe('true');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        found.push(...(await seriousViolations(page, `${name} ${value}`)));
        await screenshot(page, `webinars-${value}-${name}`);
      }
      await context.close();
    }
    expect(found.map((f) => `${f.state}: ${f.rule} at ${f.targets.join(' | ')}`)).toEqual([]);
  }, 120_000);
});
