import type { Locator, Page } from 'playwright-core';
import { messages } from '@medenglish/shared';

/** The counter of the question on screen ('Question : n / total'). */
export const counterText = async (page: Page) =>
  (
    await page
      .getByText(/^Question : \d+ \/ \d+$/)
      .first()
      .textContent()
  )?.trim() ?? '';

/** The block above a placement question: 'Partie n / 3', the part's name and its counter. */
export const progressBlock = (page: Page) => page.getByTestId('placement-progress');

/** Where the learner is: the part (1 to 3) and the question in it, out of that part's most. */
export interface Position {
  part: number;
  parts: number;
  n: number;
  total: number;
  /** The block's text, different for every question of a test. */
  text: string;
}

export async function questionPosition(page: Page): Promise<Position> {
  const text = (await progressBlock(page).innerText()).replace(/\s+/g, ' ').trim();
  const part = /Partie (\d+) \/ (\d+)/.exec(text);
  const counter = /Question : (\d+) \/ (\d+)/.exec(text);
  if (!part || !counter) throw new Error(`no part or counter in "${text}"`);
  return { part: +part[1]!, parts: +part[2]!, n: +counter[1]!, total: +counter[2]!, text };
}

/** The last question each page was seen on, so that the next one can be told apart from it. */
const lastSeen = new WeakMap<Page, string>();

/**
 * Waits for the next question of the placement test, or for its results: the order is adaptive
 * and a part can stop early (issue 17), so only the results say it is over. The next question is
 * the one whose place ('Partie n / 3', 'Question : n / total') differs from the last one seen on
 * this page. Returns its place, or null on the results.
 */
export async function waitForQuestionOrResults(page: Page): Promise<Position | null> {
  const previous = lastSeen.get(page) ?? '';
  await page.waitForFunction(
    ({ previous, resultsTitle }) => {
      const results = Array.from(document.querySelectorAll('h2')).some((h) => h.textContent === resultsTitle);
      const block = document.querySelector<HTMLElement>('[data-testid="placement-progress"]');
      const text = block?.innerText.replace(/\s+/g, ' ').trim();
      return results || (text !== undefined && text !== previous && document.querySelector('form h2'));
    },
    { previous, resultsTitle: messages.placement.resultsTitle },
    { timeout: 30_000 },
  );
  if (await page.getByRole('heading', { name: messages.placement.resultsTitle }).count()) return null;
  const position = await questionPosition(page);
  lastSeen.set(page, position.text);
  return position;
}

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

/** True when `target` has the keyboard focus. */
export const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * Moves the focus to `target` with Tab (or Shift+Tab) as a keyboard user does, and fails when it
 * is not reached: proof that the control is in the Tab order.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}) {
  for (let i = 0; i <= max; i++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} is not reached with ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/**
 * Gives a well-formed answer to the question on screen with the keyboard only, then submits it
 * with Enter: a choice with Tab and Space, the blanks' words with Space and Enter, the chunks of a
 * sentence with their Move down button. Nothing depends on the order the options are shown in
 * (the server draws it per test and question). Says which kind of question it was.
 */
export async function answerByKeyboard(page: Page): Promise<'choice' | 'fillblank' | 'ordering'> {
  const submit = page.getByRole('button', { name: messages.placement.submit, exact: true });
  const radios = page.getByRole('radio');
  const bank = page.getByRole('group', { name: messages.placement.wordBank });
  let kind: 'choice' | 'fillblank' | 'ordering';
  if (await radios.count()) {
    kind = 'choice';
    // Tab enters the group on its first option; Space checks it.
    await tabTo(page, radios.first());
    await page.keyboard.press('Space');
    if (!(await radios.first().isChecked())) throw new Error('Space did not check the option');
  } else if (await bank.count()) {
    kind = 'fillblank';
    const words = bank.getByRole('button');
    for (let i = 0; i < (await words.count()) && !(await submit.isEnabled()); i++) {
      await tabTo(page, words.nth(i));
      await page.keyboard.press(i % 2 === 0 ? 'Space' : 'Enter');
      if ((await words.nth(i).getAttribute('aria-pressed')) !== 'true')
        throw new Error('the word was not picked from the keyboard');
    }
  } else {
    kind = 'ordering';
    const down = page.getByRole('button', { name: /^Descendre/ }).first();
    const chunk = ((await down.getAttribute('aria-label')) ?? '').replace(/^Descendre « (.*) »$/, '$1');
    await tabTo(page, down);
    await page.keyboard.press('Enter');
    // The move is announced, and the chunk keeps the focus on one of its buttons.
    const chunks = await page.locator('form ol > li').count();
    await page.getByText(messages.placement.moved(chunk, 2, chunks)).waitFor({ state: 'attached' });
  }
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  return kind;
}

/** From the intro to the results screen, answering every question; returns the types seen. */
export async function takeWholeTest(page: Page): Promise<Set<string>> {
  await page.getByRole('button', { name: messages.placement.start }).click();
  const seen = new Set<string>();
  while (await waitForQuestionOrResults(page)) await answerCurrentQuestion(page, seen);
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
