import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { seriousViolations, type Finding } from '../support/axe';
import { baseURL, DEMO, launchBrowser, logIn, newPage } from '../support/browser';
import { answerCurrentQuestion, waitForQuestionOrResults } from '../support/placement';

/**
 * WCAG 2.2 AA, checked by axe-core on every route and state built so far, at 390 and 1280 px, in
 * light and dark (issue 10): no serious or critical violation may come back, so no new screen can
 * regress it unnoticed. Each state is reached as a learner reaches it.
 */
const variants = [
  { name: '390-light', width: 390, height: 844, dark: false },
  { name: '390-dark', width: 390, height: 844, dark: true },
  { name: '1280-light', width: 1280, height: 800, dark: false },
  { name: '1280-dark', width: 1280, height: 800, dark: true },
] as const;
type Variant = (typeof variants)[number];

const readable = (findings: Finding[]) =>
  findings
    .map((f) => `${f.state}: ${f.rule} (${f.impact}) at ${f.targets.join(' | ')}\n  ${f.summary}`)
    .join('\n');

/** A learner with the placement test still to take, signed up through the API. */
async function newTestTaker(): Promise<string> {
  const email = `a11y.${Date.now()}.${Math.round(Math.random() * 1e6)}@demo-univ.fr`;
  const res = await fetch(`${baseURL()}/api/student`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: DEMO.password,
      firstname: 'Lou',
      name: 'Martin',
      code: 'DEMO-MED-2026',
      semester: 3,
      consent: true,
      typeSite: 1,
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status}`);
  return email;
}

describe('accessibility: no serious or critical axe violation on any screen (WCAG 2.2 AA)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function open(variant: Variant) {
    return newPage(browser, { width: variant.width, height: variant.height, dark: variant.dark });
  }

  it.each(variants)('the public pages at $name', async (variant) => {
    const { context, page } = await open(variant);
    const found: Finding[] = [];
    const scan = async (state: string) =>
      found.push(...(await seriousViolations(page, `${variant.name} ${state}`)));

    await page.goto('/');
    await page.getByRole('heading', { name: messages.login.title }).waitFor();
    await scan('login');
    await page.getByLabel(messages.login.email, { exact: true }).fill(DEMO.etudiant);
    await page.getByLabel(messages.login.password, { exact: true }).fill('Wrong-Pass-2026');
    await page.getByRole('button', { name: messages.login.submit }).click();
    await page.getByText(messages.login.invalidCredentials).first().waitFor();
    await scan('login refused');
    await page.getByRole('button', { name: messages.login.forgotLink }).click();
    await page.getByRole('heading', { name: messages.forgot.title }).waitFor();
    await scan('forgot password');
    await page.getByRole('button', { name: messages.forgot.back }).click();
    await page.getByRole('button', { name: messages.login.createAccount }).click();
    await page.getByLabel(messages.signup.code, { exact: true }).fill('NOPE-0000');
    await page.getByRole('button', { name: messages.signup.next }).click();
    await page.getByText(messages.signup.invalidCode).first().waitFor();
    await scan('sign-up code refused');
    await page.getByLabel(messages.signup.code, { exact: true }).fill('DEMO-MED-2026');
    await page.getByRole('button', { name: messages.signup.next }).click();
    await page.getByRole('button', { name: messages.signup.submit }).click();
    await page.getByText(messages.common.required).first().waitFor();
    await scan('sign-up details with errors');
    await page.goto('/?token=not-a-real-token');
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(400); // the dialog's fade-in: colours are checked once it is opaque
    await scan('reset-password dialog');
    await context.close();
    expect(found, readable(found)).toEqual([]);
  });

  it.each(variants)("the learner's screens at $name", async (variant) => {
    const { context, page } = await open(variant);
    const found: Finding[] = [];
    const scan = async (state: string) =>
      found.push(...(await seriousViolations(page, `${variant.name} ${state}`)));
    // The survey is offered, but putting it off must not reach the server: other journeys read it.
    await context.addInitScript(() => window.sessionStorage.removeItem('medenglish.surveyLater'));
    await page.route('**/api/survey/later/**', (route) => route.fulfill({ status: 503, body: '' }));
    // And offered whatever the order of the journeys: the dashboard's answers it for Camille.
    await page.route('**/api/survey/single/**', async (route) => {
      const response = await route.fetch();
      const survey = (await response.json()) as { usersDone?: string[] } | null;
      await route.fulfill({ response, json: survey && { ...survey, usersDone: [] } });
    });

    await logIn(page, DEMO.etudiant);
    await page.waitForURL('**/dashboard');
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(400);
    await scan('dashboard with the survey dialog');
    await page.getByRole('button', { name: messages.dashboard.surveyLater }).click();
    await page.getByRole('heading', { name: messages.dashboard.studyTimeCard }).waitFor();
    await page.waitForTimeout(300);
    await scan('dashboard');

    await page.getByRole('button', { name: messages.shell.account }).click();
    await page.getByRole('menu').waitFor();
    await page.waitForTimeout(300);
    await scan('account menu');
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /notification/i })
      .first()
      .click();
    await page.getByRole('dialog', { name: messages.shell.notifications }).waitFor();
    await page.waitForTimeout(300);
    await scan('notification list');
    await page.keyboard.press('Escape');
    if (variant.width < 900) {
      await page.getByRole('button', { name: messages.shell.openMenu }).click();
      await page.getByRole('navigation', { name: messages.shell.mainNavigation }).waitFor();
      await page.waitForTimeout(300);
      await scan('menu drawer');
      await page.keyboard.press('Escape');
    }

    await page.goto('/profile');
    await page.getByRole('button', { name: messages.profile.edit }).click();
    const firstname = page.getByLabel(messages.profile.firstname, { exact: true });
    await firstname.fill('C4mille');
    await page.getByRole('button', { name: messages.profile.save }).click();
    await page.getByText(messages.names.forbidden).first().waitFor();
    await scan('profile, name refused');
    await page.getByRole('button', { name: messages.profile.cancel }).click();

    // A unit open (the one Camille has in progress, so her figures do not change).
    await page.goto('/elearning/course/pain-and-symptoms');
    await page
      .getByRole('link', { name: /Site, onset and severity/ })
      .first()
      .click();
    await page.locator('iframe[title="Site, onset and severity"]').waitFor();
    await scan('a unit open');

    await page.goto('/elearning/results');
    await page.getByRole('button', { name: /Taking a patient history/ }).click();
    await page
      .getByRole('button', { name: /Go to Quiz/ })
      .first()
      .waitFor();
    await page.waitForTimeout(400);
    await scan('results with a module open');
    await context.close();

    // A learner without resources sees the empty text.
    const other = await open(variant);
    await logIn(other.page, DEMO.salarie);
    await other.page.waitForURL('**/dashboard');
    await other.page.goto('/elearning/resources');
    await other.page.getByText(messages.elearning.resources.empty).waitFor();
    found.push(...(await seriousViolations(other.page, `${variant.name} resources, empty`)));
    await other.context.close();
    expect(found, readable(found)).toEqual([]);
  });

  // Each page visited once and scanned in the four variants by resizing and switching the theme
  // in place (a page's states that depend on the width — menus, the drawer — are scanned above).
  it("the learner's pages in every variant", async () => {
    const { context, page } = await open(variants[0]);
    const found: Finding[] = [];
    await logIn(page, DEMO.etudiant);
    await page.waitForURL('**/dashboard');
    const pages: [string, string][] = [
      ['/group', messages.group.exams],
      ['/elearning/course', 'Taking a patient history'],
      ['/elearning/course/pain-and-symptoms', messages.elearning.objectives],
      ['/elearning/resources', 'Clinical handover phrasebook (SBAR)'],
      ['/elearning/exam', messages.exam.start],
      ['/elearning/results', messages.exam.resultsTitle],
      ['/videos', messages.videos.intro],
      ['/webinaire', messages.webinars.upcoming],
      ['/glossary', messages.glossary.intro],
      ['/learning-links', messages.learningLinks.readMore],
      ['/learning-links/Clinical%20guidelines', 'UK national guidance'],
      ['/learning-links/Clinical%20guidelines/UK%20national%20guidance', 'NICE guidance'],
      ['/learning-links/Patient%20information', 'NHS'],
      ['/help', messages.help.faqTitle],
      ['/evaluo', messages.evaluo.caption],
      ['/no-such-page', messages.common.notFound],
    ];
    for (const [path, proof] of pages) {
      await page.goto(path);
      await page.getByText(proof).first().waitFor();
      for (const variant of variants) {
        await page.setViewportSize({ width: variant.width, height: variant.height });
        await page.emulateMedia({ colorScheme: variant.dark ? 'dark' : 'light' });
        // The layout follows the width (media queries re-render): let it settle before scanning.
        await page.waitForTimeout(150);
        found.push(...(await seriousViolations(page, `${variant.name} ${path}`)));
      }
    }

    await context.close();
    expect(found, readable(found)).toEqual([]);
  }, 180_000);

  // One walk through the test, each state scanned in the four variants by resizing and switching
  // the theme in place: walking the whole test once per variant cost three minutes of CI.
  it('the placement test in every variant: intro, each question type, audio, results, tutorial', async () => {
    const { context, page } = await open(variants[0]);
    const found: Finding[] = [];
    const scan = async (state: string) => {
      for (const variant of variants) {
        await page.setViewportSize({ width: variant.width, height: variant.height });
        await page.emulateMedia({ colorScheme: variant.dark ? 'dark' : 'light' });
        found.push(...(await seriousViolations(page, `${variant.name} ${state}`)));
      }
    };
    await logIn(page, await newTestTaker());
    await page.waitForURL('**/test');
    await page.getByRole('button', { name: messages.placement.start }).waitFor();
    await scan('test intro');
    await page.getByRole('button', { name: messages.placement.start }).click();
    const scanned = new Set<string>();
    // The order is adaptive and parts may stop early: questions until the results (issue 17).
    while (await waitForQuestionOrResults(page)) {
      const seen = new Set<string>();
      // Scan each kind of question the first time it shows, before and after answering.
      const play = page.getByRole('button', { name: new RegExp(messages.placement.playAudio) });
      if ((await play.count()) && !scanned.has('audio')) {
        scanned.add('audio');
        await play.first().click();
        await scan('audio question, playing');
      }
      const kind = (await page.getByRole('radio').count())
        ? 'choice'
        : (await page.getByRole('group', { name: messages.placement.wordBank }).count())
          ? 'fillblank'
          : 'ordering';
      if (!scanned.has(kind)) {
        scanned.add(kind);
        await scan(`${kind} question`);
      }
      await answerCurrentQuestion(page, seen);
    }
    await page.getByRole('heading', { name: messages.placement.resultsTitle }).waitFor();
    await scan('test results');
    await page.getByRole('button', { name: messages.placement.continue }).click();
    await page.getByText(messages.placement.tutorialTitle(1, 3)).waitFor();
    await scan('tutorial video');
    await context.close();
    expect([...scanned].sort()).toEqual(['audio', 'choice', 'fillblank', 'ordering']);
    expect(found, readable(found)).toEqual([]);
  }, 240_000);
});
