import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupLevelFromScore, messages } from '@medenglish/shared';
import { DEMO, launchBrowser, logIn, newPage, screenshot } from '../support/browser';
import {
  answerByKeyboard,
  hasFocus,
  progressBlock,
  questionPosition,
  tabTo,
  waitForQuestionOrResults,
  type Position,
} from '../support/placement';

const partKeys = ['KN', 'RC', 'OC'] as const;

/** What the screen shows, as it is (not the whole page): the sticky block is checked by eye. */
async function viewShot(page: Page, name: string) {
  const dir = path.resolve(import.meta.dirname, '../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** 'Écoutes restantes : 2', or the sentence once both listens are spent. */
const playsLeft = async (page: Page) =>
  (await page
    .getByText(/^(Écoutes restantes : \d|Vous avez écouté cet enregistrement deux fois\.)$/)
    .textContent()) ?? '';

const wholeBar = (page: Page) => page.getByRole('progressbar', { name: messages.placement.testProgress });

describe('the placement test in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('nouveau.demo takes the whole test by keyboard, counted by part, resumes after a reload, listens without losing a listen to an answer, sees it is complete, the results and the tutorial, and lands in a group of their level', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await logIn(page, DEMO.nouveau);
    await page.waitForURL('**/test');
    // Every authenticated page leads back to the test while it is required.
    await page.goto('/dashboard');
    await page.waitForURL('**/test');

    await page.getByRole('button', { name: messages.placement.start }).click();

    const kinds = new Set<string>();
    const partTotals = new Map<number, number>();
    const notices: string[] = [];
    let previous: Position | null = null;
    let asked = 0;
    let lastPercent = -1;
    // A recording stopped by an answer while it played: its next question offers the rest.
    let stoppedClip = null as { src: string; left: string } | null;
    let answeredWhilePlaying = false;
    let countedAtItsEnd = false;
    let stickyChecked = false;

    for (
      let position: Position | null;
      (position = await waitForQuestionOrResults(page));
      previous = position
    ) {
      asked++;
      const status = page.getByRole('status').filter({ hasText: /^Partie \d terminée/ });
      // The counter is honest: within a part the number goes up by one out of a total that stays;
      // a new part starts again at 1, out of its own total, and says the part before is complete.
      expect(position.parts).toBe(3);
      expect(position.n).toBeLessThanOrEqual(position.total);
      if (!previous || position.part !== previous.part) {
        expect(position.n).toBe(1);
        expect(partTotals.has(position.part)).toBe(false);
        partTotals.set(position.part, position.total);
        if (previous) {
          expect(position.part).toBe(previous.part + 1);
          const notice = messages.placement.partComplete(
            previous.part,
            position.part,
            messages.placement.parts[partKeys[position.part - 1]!]!,
          );
          await status.filter({ hasText: notice }).waitFor();
          // In sight: the new question starts at the top of the page, below the block.
          const shown = (await status.boundingBox())!;
          const block = (await progressBlock(page).boundingBox())!;
          expect(shown.y).toBeGreaterThanOrEqual(block.y + block.height);
          expect(shown.y + shown.height).toBeLessThanOrEqual(844);
          notices.push(notice);
          await page.waitForTimeout(500);
          await screenshot(page, `placement-part-${position.part}-start-390`);
        }
      } else {
        expect(position.n).toBe(previous.n + 1);
        expect(position.total).toBe(previous.total);
        expect(await status.count()).toBe(0);
      }
      // The whole test's bar never goes back.
      const percent = Number(await wholeBar(page).getAttribute('aria-valuenow'));
      expect(percent).toBeGreaterThanOrEqual(lastPercent);
      lastPercent = percent;

      if (asked === 3) await screenshot(page, 'placement-question-3-390');
      if (asked === 5) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.waitForTimeout(500);
        await viewShot(page, 'placement-question-1280');
        await page.setViewportSize({ width: 390, height: 844 });
      }
      if (asked === 12) {
        // A reload in the middle resumes at the same question.
        const before = await page.getByRole('heading', { level: 2 }).textContent();
        await page.reload();
        await progressBlock(page).getByText(`Question : ${position.n} / ${position.total}`).waitFor();
        expect((await questionPosition(page)).text).toBe(position.text);
        expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe(before);
      }

      // On a phone the block stays under the app bar while the question scrolls, in both themes,
      // and what the keyboard reaches is not hidden under it (WCAG 2.2 focus not obscured).
      const passage = page.getByRole('region').filter({ has: page.getByRole('heading', { level: 3 }) });
      if (!stickyChecked && (await passage.count())) {
        for (const theme of ['light', 'dark'] as const) {
          if (theme === 'dark') {
            await page.emulateMedia({ colorScheme: 'dark' });
            await page.reload();
            await progressBlock(page).getByText(`Question : ${position.n} / ${position.total}`).waitFor();
          }
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
          const block = (await progressBlock(page).boundingBox())!;
          const appBar = (await page.locator('header').first().boundingBox())!;
          expect(Math.round(block.y)).toBe(Math.round(appBar.y + appBar.height));
          await page.waitForTimeout(500);
          await viewShot(page, `placement-sticky-${theme}-390`);
          // Back to the text, from the keyboard: it comes out below the block, not under it.
          await tabTo(page, passage.first(), { backwards: true });
          const text = (await passage.first().boundingBox())!;
          expect(text.y).toBeGreaterThanOrEqual(block.y + block.height - 1);
        }
        await page.emulateMedia({ colorScheme: 'light' });
        await page.reload();
        await progressBlock(page).getByText(`Question : ${position.n} / ${position.total}`).waitFor();
        stickyChecked = true;
      }

      // Audio, from the keyboard: the player is above the question (Shift+Tab from it).
      const audio = page.locator('form audio');
      if (await audio.count()) {
        kinds.add('audio');
        const src = (await audio.getAttribute('src')) ?? '';
        const left = await playsLeft(page);
        if (stoppedClip?.src === src) {
          // The answer stopped the recording on the question before: no listen was spent, and
          // the play goes on from where it stopped.
          expect(left).toBe(stoppedClip.left);
          const resume = page.getByRole('button', { name: messages.placement.resumeAudio });
          await resume.waitFor();
          if (!answeredWhilePlaying) await screenshot(page, 'placement-audio-resume-390');
          answeredWhilePlaying = true;
          if (!countedAtItsEnd) {
            // Resumed and heard to its end: now the listen is counted.
            await tabTo(page, resume, { backwards: true });
            await page.keyboard.press('Enter');
            await page.getByRole('button', { name: messages.placement.playing }).waitFor();
            const before = Number(/\d/.exec(left)![0]);
            await page.getByText(messages.placement.playsLeft(before - 1)).waitFor({ timeout: 90_000 });
            await page.getByRole('button', { name: messages.placement.playAudio, exact: true }).waitFor();
            countedAtItsEnd = true;
          }
        }
        stoppedClip = null;
        const play = page.getByRole('button', { name: messages.placement.playAudio, exact: true });
        if (
          !answeredWhilePlaying &&
          (await play.count()) &&
          (await play.getAttribute('aria-disabled')) !== 'true'
        ) {
          await tabTo(page, play, { backwards: true });
          await page.keyboard.press('Enter');
          await page.getByRole('button', { name: messages.placement.playing }).waitFor();
          await page.waitForTimeout(1500);
          // Starting a play spends nothing.
          expect(await playsLeft(page)).toBe(left);
          stoppedClip = { src, left };
        }
      }

      // Answered while the recording plays (it lasts longer than that), when one was started.
      kinds.add(await answerByKeyboard(page));
    }

    // Every part has its minimum of questions (34 in all) before it may stop.
    expect(asked).toBeGreaterThanOrEqual(34);
    expect([...partTotals.keys()]).toEqual([1, 2, 3]);
    expect(notices).toHaveLength(2);
    expect(stickyChecked).toBe(true);
    expect(answeredWhilePlaying).toBe(true);
    expect(countedAtItsEnd).toBe(true);
    // Each kind of control was used from the keyboard, options shown in the order drawn for
    // this test (nothing relies on it).
    expect([...kinds].sort()).toEqual(['audio', 'choice', 'fillblank', 'ordering']);

    // The test ends with a clear word that it is complete, read first (it has the focus).
    const complete = page.getByRole('status').filter({ hasText: messages.placement.testComplete });
    await complete.waitFor();
    expect(await hasFocus(complete)).toBe(true);
    await page.getByRole('heading', { name: messages.placement.resultsTitle }).waitFor();
    for (const label of Object.values(messages.placement.results))
      await page.getByText(label).first().waitFor();
    await screenshot(page, 'placement-results-390');
    await page.getByRole('button', { name: messages.placement.continue }).click();
    for (let n = 1; n <= 3; n++) {
      await page.getByText(messages.placement.tutorialTitle(n, 3)).waitFor();
      const video = page.locator('video');
      expect(await video.getAttribute('src')).toContain(`tutorial-${n}.mp4`);
      await page
        .getByRole('button', {
          name: n < 3 ? messages.placement.tutorialNext : messages.placement.tutorialDone,
        })
        .click();
    }
    await page.waitForURL('**/dashboard');
    // The test is over: /test now leads to the dashboard.
    await page.goto('/test');
    await page.waitForURL('**/dashboard');

    const auth = await (
      await page.request.post('/api/student/login', {
        data: { email: DEMO.nouveau, password: DEMO.password },
      })
    ).json();
    const headers = { authorization: `Token ${auth.token}` };
    const result = await (await page.request.get(`/api/test/user/${auth._id}`, { headers })).json();
    expect(result.testFinish).toBe(true);
    const groups = await (await page.request.get(`/api/group/user/${auth._id}`, { headers })).json();
    const expectedLevel = groupLevelFromScore(result.scores.total);
    expect(groups.map((g: { level: number; semester: number }) => [g.level, g.semester])).toEqual([
      [expectedLevel, 3],
    ]);
    await context.close();
  }, 420_000);
});
