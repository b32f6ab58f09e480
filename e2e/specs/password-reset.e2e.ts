import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, lastMailedLink, launchBrowser, newPage, screenshot } from '../support/browser';

describe('forgot password → link from the outbox → new password', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('changes the password; the old one and old refresh tokens stop working', async () => {
    const { context, page } = await newPage(browser);
    // A learner of its own, so that the other journeys keep the demo passwords.
    const email = 'oubli.motdepasse@demo-univ.fr';
    const before = await (
      await page.request.post('/api/student', {
        data: {
          email,
          password: DEMO.password,
          firstname: 'Noa',
          name: 'Lefort',
          code: 'DEMO-MED-2026',
          semester: 3,
          consent: true,
          typeSite: 1,
        },
      })
    ).json();

    await page.goto('/');
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    // The form takes the login form's place once its chunk has come (and, when the click hit the
    // card the server drew, once the app has replayed it): both have an 'Adresse email' field.
    await page.getByRole('button', { name: 'Envoyer le lien' }).waitFor();
    await page.getByLabel('Adresse email', { exact: true }).fill('jean@etu.demo-univ.fr');
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText("Impossible de changer le mot de passe d'un compte Microsoft.").first().waitFor();
    await page.getByLabel('Adresse email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText('un email vient de vous être envoyé').first().waitFor();

    const link = new URL(await lastMailedLink(email, 'token'));
    await page.goto(link.pathname + link.search);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill('faible');
    await dialog.getByLabel('Confirmation du mot de passe', { exact: true }).fill('faible');
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await dialog.getByText('au moins 8 caractères').first().waitFor();
    await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau2026pass');
    await dialog.getByLabel('Confirmation du mot de passe', { exact: true }).fill('Nouveau2026pass');
    await screenshot(page, 'reset-dialog-1280-light');
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await page.getByText('Votre mot de passe a été modifié avec succès').first().waitFor();

    const old = await page.request.post('/api/student/login', {
      data: { email, password: DEMO.password },
    });
    expect(old.status()).toBe(401);
    const oldRefresh = await page.request.post('/api/refresh', {
      data: { email, refreshToken: before.refreshToken },
    });
    expect(oldRefresh.status()).toBe(401);

    await page.getByLabel('Adresse email', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('Nouveau2026pass');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    // nouveau.demo has not taken the placement test yet.
    await page.waitForURL('**/test');

    // The link works once.
    const again = await page.request.put('/api/resetPassword', {
      data: { token: link.searchParams.get('token'), password: 'Encore2026pass' },
    });
    expect(again.status()).toBe(404);
    await context.close();
  });
});
