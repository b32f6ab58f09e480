import type { Page } from 'playwright-core';
import { messages } from '@medenglish/shared';

/** The counter of the question on screen ('Question : n / total'). */
export const counterText = async (page: Page) =>
  (
    await page
      .getByText(/^Question : \d+ \/ \d+$/)
      .first()
      .textContent()
  )?.trim() ?? '';

/** Gives a well-formed answer to the question on screen, whatever its type; says which type. */
export async function answerCurrentQuestion(page: Page, seen: Set<string>) {
  const submit = page.getByRole('button', { name: messages.placement.submit, exact: true });
  // The player's button reads 'Écouter', or 'Lecture en cours…' while it plays.
  const play = page.getByRole('button', {
    name: new RegExp(`^(${messages.placement.playAudio}|${messages.placement.playing})`),
  });
  if (await play.count()) {
    seen.add('audio');
    const button = play.first();
    const label = (await button.textContent()) ?? '';
    if (
      (await button.getAttribute('aria-disabled')) !== 'true' &&
      label.includes(messages.placement.playAudio)
    )
      await button.click();
  }
  if (
    await page
      .getByRole('img')
      .filter({ hasNot: page.locator('svg[aria-hidden]') })
      .count()
  )
    seen.add('image');
  const radios = page.getByRole('radio');
  if (await radios.count()) {
    // True/false items carry their English answers in the question bank.
    const isTrueFalse =
      (await radios.count()) === 2 && (await page.getByRole('radio', { name: 'True' }).count()) > 0;
    seen.add(isTrueFalse ? 'tof' : 'mcq');
    await radios.first().check();
  } else if (await page.getByRole('group', { name: messages.placement.wordBank }).count()) {
    seen.add('fillblank');
    const words = page.getByRole('group', { name: messages.placement.wordBank }).getByRole('button');
    for (let i = 0; i < (await words.count()) && !(await submit.isEnabled()); i++) {
      if ((await words.nth(i).getAttribute('aria-pressed')) !== 'true') await words.nth(i).click();
    }
  } else {
    seen.add('d&d');
    await page
      .getByRole('button', { name: /^Descendre/ })
      .first()
      .click();
  }
  await submit.click();
}

/**
 * Waits for question n of the placement test, or for its results: the order is adaptive and a
 * part can stop early (issue 17), so the counter's total is the most the test can still have and
 * only the results say it is over. True when question n is on screen.
 */
export async function waitForQuestionOrResults(page: Page, n: number): Promise<boolean> {
  const question = page.getByText(new RegExp(`^Question : ${n} / \\d+$`));
  const results = page.getByRole('heading', { name: messages.placement.resultsTitle });
  await question.or(results).first().waitFor();
  return (await question.count()) > 0;
}

/** The counter's total: the most questions the test can have ('Question : n / total'). */
export const counterTotal = async (page: Page) => Number((await counterText(page)).split('/')[1]);

/** From the intro to the results screen, answering every question; returns the types seen. */
export async function takeWholeTest(page: Page): Promise<Set<string>> {
  await page.getByRole('button', { name: messages.placement.start }).click();
  const seen = new Set<string>();
  for (let n = 1; await waitForQuestionOrResults(page, n); n++) await answerCurrentQuestion(page, seen);
  await page.getByRole('heading', { name: messages.placement.resultsTitle }).waitFor();
  return seen;
}

/** From the results screen through the three tutorial videos to 'Accéder à la plateforme'. */
export async function watchTutorial(page: Page) {
  await page.getByRole('button', { name: messages.placement.continue }).click();
  for (let n = 1; n <= 3; n++) {
    await page.getByText(messages.placement.tutorialTitle(n, 3)).waitFor();
    await page
      .getByRole('button', {
        name: n < 3 ? messages.placement.tutorialNext : messages.placement.tutorialDone,
      })
      .click();
  }
}
