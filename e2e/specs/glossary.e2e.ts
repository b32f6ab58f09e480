import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, searchKey, type GlossaryWord } from '@medenglish/shared';
import { seriousViolations, type Finding, stateVariants } from '../support/axe';
import { baseURL, DEMO, launchBrowser, logIn, newPage, screenshot } from '../support/browser';

const t = messages.glossary;

/** The demo glossary as the API gives it, to choose the words the journey looks for. */
async function demoWords(): Promise<GlossaryWord[]> {
  const login = await fetch(`${baseURL()}/api/student/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.etudiant, password: DEMO.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseURL()}/api/glossary/`, { headers: { authorization: `Token ${token}` } });
  return (await res.json()) as GlossaryWord[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The glossary's cards, front side up: named by their words, then "(voir la définition)". */
const cards = (page: Page) =>
  page.getByRole('button', { name: new RegExp(`\\(${escape(t.toDefinition)}\\)$`) });
/** One word's card, by the side it shows. */
const card = (page: Page, word: string, side: 'front' | 'back' = 'front') =>
  page.getByRole('button', {
    name: new RegExp(`^${escape(word)}\\s.*\\(${escape(side === 'front' ? t.toDefinition : t.toWord)}\\)$`),
  });

/** Issue 14, /glossary: search (case, accents, translation), A–Z, flip, empty state, staff changes. */
describe('glossary', () => {
  let browser: Browser;
  let words: GlossaryWord[];
  beforeAll(async () => {
    browser = await launchBrowser();
    words = await demoWords();
  });
  afterAll(async () => browser?.close());

  it('finds words by translation without accents, by letter, flips a card by keyboard, and says when none match', async () => {
    expect(words.length).toBeGreaterThanOrEqual(150);
    const accented = words.find(
      (w) => w.translation !== searchKey(w.translation) && searchKey(w.translation).length > 5,
    )!;
    const { context, page } = await newPage(browser, { width: 1280 });
    await logIn(page, DEMO.etudiant);
    await page.waitForURL('**/dashboard');
    await page.goto('/glossary');
    await page.getByText(t.count(words.length)).waitFor();

    // The translation typed without accents or capitals finds the word.
    const search = page.getByLabel(t.searchLabel);
    await search.fill(searchKey(accented.translation).toUpperCase());
    await card(page, accented.word).waitFor();

    // A letter: only words of that letter.
    await search.fill('');
    await page.getByRole('button', { name: 'B', exact: true }).click();
    const bWords = words.filter((w) => searchKey(w.word).startsWith('b'));
    await page.getByText(t.count(bWords.length)).waitFor();
    expect((await cards(page).allInnerTexts()).every((text) => searchKey(text).startsWith('b'))).toBe(true);
    await page.getByRole('button', { name: t.allLetters }).click();

    // Keyboard alone: to a card, Enter turns it, its definition shows.
    const first = words[0]!;
    await search.fill(first.word);
    await search.press('Tab');
    for (
      let i = 0;
      i < 30 && !(await card(page, first.word).evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.getByText(first.definition).waitFor();
    await card(page, first.word, 'back').waitFor();
    await screenshot(page, 'glossary-flipped-1280');

    await search.fill('zzqqxx');
    await page.getByText(t.empty).waitFor();
    await context.close();

    const findings: Finding[] = [];
    for (const [width, dark] of stateVariants) {
      const other = await newPage(browser, { width, dark });
      await logIn(other.page, DEMO.etudiant);
      await other.page.waitForURL('**/dashboard');
      await other.page.goto('/glossary');
      await other.page.getByText(t.count(words.length)).waitFor();
      // SPEC §2: no A–Z buttons on a small screen.
      expect(await other.page.getByRole('group', { name: t.lettersLabel }).isVisible()).toBe(width > 600);
      await cards(other.page).first().click();
      findings.push(...(await seriousViolations(other.page, `${width}${dark ? '-dark' : ''} glossary`)));
      await screenshot(other.page, `glossary-${width}${dark ? '-dark' : ''}`);
      await other.context.close();
    }
    expect(findings.map((f) => `${f.state}: ${f.rule} at ${f.targets.join(' | ')}`)).toEqual([]);
  }, 120_000);

  it('lets a teacher add, edit and delete a word; learners see no such buttons', async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    await logIn(page, 'enseignant.demo@demo-univ.fr');
    await page.waitForURL(/\/(dashboard|group|elearning)/);
    await page.goto('/glossary');
    await page.getByRole('button', { name: t.add }).click();
    const dialog = page.getByRole('dialog', { name: t.formTitleAdd });
    await dialog.getByLabel(t.word, { exact: false }).fill('tachypnoea test');
    await dialog.getByLabel(t.translation, { exact: false }).fill('tachypnée');
    await dialog.getByLabel(t.definition, { exact: false }).fill('Abnormally rapid breathing.');
    await dialog.getByRole('button', { name: t.save }).click();
    await page.getByText(t.saved).waitFor();
    await page.getByLabel(t.searchLabel).fill('TACHYPNOEA test');
    await card(page, 'tachypnoea test').waitFor();

    await page.getByRole('button', { name: `${t.edit} : tachypnoea test` }).click();
    const edit = page.getByRole('dialog', { name: t.formTitleEdit });
    await edit.getByLabel(t.definition, { exact: false }).fill('Breathing faster than normal for age.');
    await edit.getByRole('button', { name: t.save }).click();
    await card(page, 'tachypnoea test').click();
    await page.getByText('Breathing faster than normal for age.').waitFor();

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: `${t.delete} : tachypnoea test` }).click();
    await page.getByText(t.deleted).waitFor();
    await page.getByText(t.empty).waitFor();
    await context.close();

    const learner = await newPage(browser, { width: 1280 });
    await logIn(learner.page, DEMO.etudiant);
    await learner.page.waitForURL('**/dashboard');
    await learner.page.goto('/glossary');
    await learner.page.getByText(t.count(words.length)).waitFor();
    expect(await learner.page.getByRole('button', { name: t.add }).count()).toBe(0);
    await learner.context.close();
  }, 90_000);

  it('reviews starred words: the answer, the four grades with their delays, then the next date', async () => {
    const r = t.review;
    const { context, page } = await newPage(browser, { width: 390 });
    await logIn(page, 'tiers-temps.demo@demo-univ.fr');
    await page.waitForURL('**/dashboard');
    await page.goto('/glossary');
    const [one, two] = [words[3]!, words[7]!];
    for (const word of [one, two]) {
      await page.getByLabel(t.searchLabel).fill(word.word);
      await page
        .getByRole('button', { name: new RegExp(`${escape(r.notStarred)} : ${escape(word.word)}$`) })
        .click();
      await page
        .getByRole('button', {
          name: new RegExp(`${escape(r.starred)} : ${escape(word.word)}$`),
          pressed: true,
        })
        .waitFor();
    }
    await page.getByRole('button', { name: r.open(2) }).click();
    const dialog = page.getByRole('dialog', { name: r.title });
    await dialog.getByText(r.progress(1, 2)).waitFor();
    await dialog.getByRole('button', { name: r.showAnswer }).click();
    await dialog.getByRole('button', { name: new RegExp(`^${r.good}`) }).waitFor();
    expect(await seriousViolations(page, '390 glossary review, answer shown')).toEqual([]);
    await screenshot(page, 'glossary-review-390');
    await dialog.getByRole('button', { name: new RegExp(`^${r.good}`) }).click();
    await dialog.getByText(r.progress(2, 2)).waitFor();
    await dialog.getByRole('button', { name: r.showAnswer }).click();
    await dialog.getByRole('button', { name: new RegExp(`^${r.easy}`) }).click();
    await dialog.getByText(r.done).waitFor();
    await dialog.getByText(/Prochaine révision : \d\d\/\d\d\/\d{4} \d\d:\d\d/).waitFor();
    await dialog.getByRole('button', { name: r.close }).click();

    // Nothing due any more, on this device or another: the schedule is the server's.
    const other = await newPage(browser, { width: 1280 });
    await logIn(other.page, 'tiers-temps.demo@demo-univ.fr');
    await other.page.waitForURL('**/dashboard');
    await other.page.goto('/glossary');
    await other.page.getByRole('button', { name: r.open(0) }).click();
    await other.page.getByText(r.nothingDue).waitFor();
    await other.context.close();

    // Unstarred again, as the learner found them.
    for (const word of [one, two]) {
      await page.getByLabel(t.searchLabel).fill(word.word);
      await page
        .getByRole('button', { name: new RegExp(`${escape(r.starred)} : ${escape(word.word)}$`) })
        .click();
      await page
        .getByRole('button', {
          name: new RegExp(`${escape(r.notStarred)} : ${escape(word.word)}$`),
          pressed: false,
        })
        .waitFor();
    }
    await context.close();
  }, 90_000);
});
