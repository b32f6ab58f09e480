import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardGreeting, DEMO, launchBrowser, logIn, newPage, screenshot } from '../support/browser';

/** "06h04" → 364 minutes. */
const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split('h').map(Number);
  return h! * 60 + m!;
};
const frenchNumber = (text: string) => Number(text.replace(/\s/g, '').replace(',', '.'));

async function openDashboard(page: Page, email: string, firstname: string) {
  await logIn(page, email);
  await page.waitForURL('**/dashboard');
  await dashboardGreeting(page, firstname).waitFor();
}

describe('dashboard: every card of SPEC §2 on the demo data', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('etudiant.demo sees every card, with figures that match the formulas of SPEC §9', async () => {
    const { context, page } = await newPage(browser);
    await openDashboard(page, DEMO.etudiant, 'Camille');

    // Semester card: an exam is upcoming (quiz in 10 days), so the Exams tab is chosen, count 1.
    const examsTab = page.getByRole('tab', { name: /Examens/ });
    await expect.poll(() => examsTab.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Semestres' }).waitFor();
    await page.getByText('online quiz').waitFor();

    // Study time: (unit + idle minutes) / 1,200 min × 100, objective 80 % of the duration.
    const time = page.getByRole('progressbar', { name: /^Temps de formation/ });
    const timeLabel = (await time.getAttribute('aria-label'))!;
    const [, spent, required, percent] = /: (\d+h\d\d) sur (\d+h\d\d), soit ([\d,]+) %/.exec(timeLabel)!;
    expect(required).toBe('20h00');
    expect(minutesOf(spent!)).toBeGreaterThanOrEqual(364); // seeded: 300 min in units + 64 idle
    expect(frenchNumber(percent!)).toBeCloseTo(Math.round((minutesOf(spent!) / 1200) * 1000) / 10, 1);
    await page.getByText('Objectif : 80 % de la durée').waitFor();

    // Success: mean of 100, 85, 70, 80, 90 and 0 over the units with a result; goal 70.
    await page.getByRole('progressbar', { name: 'Taux de réussite : 70,8 %, objectif 70 %' }).waitFor();
    // Completion: 5 units completed out of the 15 of the group's modules.
    await page.getByRole('progressbar', { name: 'Programme terminé à 33,3 %' }).waitFor();

    await page.getByText('Site, onset and severity').waitFor();
    await page.getByRole('heading', { name: 'Examens Evaluo' }).waitFor();
    await page.getByRole('heading', { name: 'Ressources' }).waitFor();
    await page.getByText('Pas de notification.').waitFor({ state: 'detached' });

    // Medical fact: another one on click.
    const factCard = page.getByRole('region', { name: 'Le saviez-vous ?' });
    const fact = (await factCard.locator('blockquote, p').first().textContent())!;
    expect(fact.length).toBeGreaterThan(40);
    await page.getByRole('button', { name: 'Un autre fait médical' }).click();
    await expect.poll(() => factCard.locator('blockquote, p').first().textContent()).not.toBe(fact);

    // Group card (semester 3 = the group's): the distribution file downloads as a PDF.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Télécharger Répartition des groupes/ }).click();
    const file = await download;
    const stream = await file.createReadStream();
    const head = await new Promise<string>((resolve) =>
      stream.once('data', (c) => resolve(String(c).slice(0, 5))),
    );
    expect(head).toBe('%PDF-');

    for (const width of [390, 1280]) {
      for (const dark of [false, true]) {
        await page.setViewportSize({ width, height: 844 });
        await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
        await page.getByRole('progressbar', { name: /^Programme terminé/ }).waitFor();
        await screenshot(page, `dashboard-${width}-${dark ? 'dark' : 'light'}`);
      }
    }
    await context.close();
  });

  it('salarie.demo (a company account) sees the Course tab and no Evaluo card', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await openDashboard(page, DEMO.salarie, 'Sarah');
    await page.getByRole('tab', { name: 'Formation' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Semestres' }).count()).toBe(0);
    await page.getByText('Parcours Clinique').first().waitFor();
    await page.getByRole('link', { name: 'Commencer le cours' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Examens Evaluo' }).count()).toBe(0);
    await screenshot(page, 'dashboard-company-390-light');
    await context.close();
  });

  it('a learner without a group sees the "content not yet available" notice with a link to /help', async () => {
    const { context, page } = await newPage(browser);
    await page.route('**/api/group/user/*', (route) => route.fulfill({ json: [] }));
    await logIn(page, DEMO.etudiant);
    await page.getByRole('heading', { name: 'Contenu pas encore disponible' }).waitFor();
    expect(await page.getByRole('link', { name: "Consulter l'aide" }).getAttribute('href')).toBe('/help');
    await context.close();
  });

  it.each([
    ['**/api/results/global/**', 'Error 2301: Missing global results'],
    ['**/api/unittrackers/latest/**', 'Error 1301: Missing last activity'],
    ['**/api/idletracker/user/**', 'Error 1401: Missing idle tracker'],
    ['**/api/unittrackers/user/**', 'Error 2701: Missing total progress data'],
    ['**/api/group/user/*', 'Error 1101: Missing groups data'],
  ])('shows the SPEC §8 toast when %s fails', async (pattern, toast) => {
    const { context, page } = await newPage(browser);
    await page.route(pattern, (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL' } } }),
    );
    await logIn(page, DEMO.etudiant);
    await page.getByText(toast).waitFor();
    if (pattern.includes('unittrackers/user')) {
      // SPEC §8: "When the tracker fails, time shows 00h00 / 00h00 with 0 progress."
      await page
        .getByRole('progressbar', { name: /Temps de formation : 00h00 sur 00h00, soit 0 %/ })
        .waitFor();
    }
    await context.close();
  });

  it('shows the survey until answered, then never again (SPEC §4)', async () => {
    const { context, page } = await newPage(browser, { survey: true });
    // The survey provider is outside this closed network: answer for it.
    await context.route('https://forms.medenglish.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Satisfaction survey</h1>' }),
    );
    await logIn(page, DEMO.etudiant);
    await page.waitForURL('**/dashboard');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const recorded = page.waitForResponse(
      (r) => r.url().includes('/api/survey/') && r.request().method() === 'PUT',
    );
    const popup = context.waitForEvent('page');
    await dialog.getByRole('button', { name: /Répondre au questionnaire/ }).click();
    const survey = await popup;
    await survey.waitForLoadState();
    expect(survey.url()).toBe('https://forms.medenglish.example/satisfaction-2026');
    expect((await recorded).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    await context.close();

    // A new session (another browser) does not ask again.
    const second = await newPage(browser, { survey: true });
    await openDashboard(second.page, DEMO.etudiant, 'Camille');
    await second.page.getByRole('progressbar', { name: /^Programme terminé/ }).waitFor();
    await second.page.waitForTimeout(500);
    expect(await second.page.getByRole('dialog').count()).toBe(0);
    await second.context.close();
  });
});

describe('profile: name editing in the browser (SPEC §4, §5)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('capitalises on toggle, refuses symbols and digits, saves letters with the snackbar', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await logIn(page, DEMO.salarie);
    await page.waitForURL('**/dashboard');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Bonjour Sarah DUBOIS\u00a0!' }).waitFor();
    const first = page.getByLabel('Prénom');
    const last = page.getByLabel('Nom', { exact: true });
    expect(await first.isEditable()).toBe(false);

    await page.getByRole('button', { name: 'Modifier mon nom' }).click();
    await first.fill('sarah2');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Certain symbols and numbers are forbidden').waitFor();
    await screenshot(page, 'profile-name-error-390');

    await first.fill('sArAh-louise');
    await last.fill("d'arcy");
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Name successfully changed.').waitFor();
    await page.getByRole('heading', { name: "Bonjour Sarah-louise D'ARCY\u00a0!" }).waitFor();
    expect(await first.inputValue()).toBe('Sarah-louise');
    expect(await last.inputValue()).toBe("D'ARCY");

    // Back to the demo names, for the other journeys.
    await page.getByRole('button', { name: 'Modifier mon nom' }).click();
    await first.fill('Sarah');
    await last.fill('Dubois');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('heading', { name: 'Bonjour Sarah DUBOIS\u00a0!' }).waitFor();
    await context.close();
  });
});
