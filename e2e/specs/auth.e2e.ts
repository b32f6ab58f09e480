import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, logIn, newPage, screenshot, dashboardGreeting } from '../support/browser';

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('login, redirects, dark mode and logout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the server message for wrong credentials and a blocked company', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, DEMO.etudiant, 'WrongPass2026');
    await page.getByText('Email ou mot de passe incorrect').first().waitFor();
    expect(page.url()).toMatch(/\/$/);

    await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.password);
    await page.getByLabel('Adresse email', { exact: true }).fill(DEMO.suspendu);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('temporairement suspendu').first().waitFor();
    // A refusal the form explains raises no 2401 toast: it would cover the button on a phone.
    expect(await page.getByText('Error 2401: Error while login in').count()).toBe(0);
    await context.close();
  });

  it('logs the demo learner in, keeps dark mode, and logs out clearing the session', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, `  ${DEMO.etudiant.toUpperCase()} `);
    await page.waitForURL('**/dashboard');
    await dashboardGreeting(page, 'Camille').waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'token')?.expires).toBe(-1); // session-only (SPEC §4)
    const refresh = cookies.find((c) => c.name === 'refreshToken');
    expect(refresh!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);

    // Logged in, / sends to the dashboard.
    await page.goto('/');
    await page.waitForURL('**/dashboard');

    const light = await bodyBackground(page);
    await page.getByRole('button', { name: 'Mon compte' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Mode sombre' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => bodyBackground(page)).not.toBe(light);
    const dark = await bodyBackground(page);
    await page.reload();
    await dashboardGreeting(page, 'Camille').waitFor();
    expect(await bodyBackground(page)).toBe(dark);

    await page.getByRole('button', { name: 'Mon compte' }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    const after = await context.cookies();
    expect(after.find((c) => c.name === 'token')).toBeUndefined();
    expect(after.find((c) => c.name === 'refreshToken')).toBeUndefined();
    // The revoked refresh token no longer works on the server.
    const res = await page.request.post('/api/refresh', {
      data: { email: DEMO.etudiant, refreshToken: refresh!.value },
    });
    expect(res.status()).toBe(401);
    await context.close();
  });

  it('sends a logged-out visitor of any authenticated page to /, and back to that page after login', async () => {
    const { context, page } = await newPage(browser);
    for (const path of ['/dashboard', '/elearning/course', '/test', '/help', '/profile']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
    }
    await page.goto('/elearning/results');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByLabel('Adresse email', { exact: true }).fill(DEMO.etudiant);
    await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/elearning/results');
    await context.close();
  });

  it('shows the shell with the side menu entries of SPEC §2', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, DEMO.etudiant);
    await page.waitForURL('**/dashboard');
    const nav = page.getByRole('navigation');
    await nav.getByRole('button', { name: 'E-learning' }).click(); // the submenu of Course and Resources
    for (const entry of [
      'Tableau de bord',
      'Groupe',
      'Cours',
      'Ressources',
      'Résultats',
      'Examen',
      'Evaluo',
      'Vidéothèque',
      'Webinaires',
      'Glossaire',
      'Liens utiles',
      'Aide',
    ]) {
      await nav.getByRole('link', { name: entry, exact: true }).waitFor();
    }
    // Two groups: the selector is enabled and lists both.
    const selector = page.getByLabel('Groupe').first();
    expect(await selector.isDisabled()).toBe(false);
    // Every entry opens its screen inside the shell; an unknown address says so there.
    await nav.getByRole('link', { name: 'Webinaires', exact: true }).click();
    await page.waitForURL('**/webinaire');
    await page.getByRole('tab', { name: 'Webinaires à venir' }).waitFor();
    await page.goto('/no-such-screen');
    await page.getByText('Page introuvable.').first().waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Aide', exact: true }).waitFor();
    await context.close();
  });

  it('hides Evaluo for a company without it and disables the selector with one group', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, DEMO.salarie);
    await page.waitForURL('**/dashboard');
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Tableau de bord', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Evaluo', exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Groupe').first().isDisabled()).toBe(true);
    await context.close();
  });

  it('looks right at 390 px and 1280 px, light and dark', async () => {
    for (const width of [390, 1280]) {
      for (const dark of [false, true]) {
        const { context, page } = await newPage(browser, { width, height: 844, dark });
        await page.goto('/');
        await page.getByRole('button', { name: 'Se connecter' }).waitFor();
        await screenshot(page, `login-${width}-${dark ? 'dark' : 'light'}`);
        await logIn(page, DEMO.etudiant);
        await dashboardGreeting(page, 'Camille').waitFor();
        await screenshot(page, `dashboard-${width}-${dark ? 'dark' : 'light'}`);
        if (width === 390) {
          await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
          await page.getByRole('navigation').getByRole('link', { name: 'Profil', exact: true }).waitFor();
          await page.waitForTimeout(500); // let the drawer finish sliding in before the picture
          await screenshot(page, `menu-${width}-${dark ? 'dark' : 'light'}`);
        }
        await context.close();
      }
    }
  });
});
