import { messages } from '@medenglish/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailedLink, launchBrowser, newPage, screenshot } from '../support/browser';

describe('a newcomer creates an account', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('with DEMO-MED-2026, end to end, and lands on /test; the confirmation link works', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Créer un compte' }).click();

    await page.getByLabel("Code d'accès", { exact: true }).fill('NOPE-0000');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByText("Ce code est invalide ou n'existe pas, merci de réessayer.").first().waitFor();
    await page.getByLabel("Code d'accès", { exact: true }).fill('DEMO-MED-2026');
    await page.getByRole('button', { name: 'Suivant' }).click();

    const email = page.getByLabel('Adresse email', { exact: true });
    await email.fill('etudiant.demo@demo-univ.fr');
    await email.blur();
    await page.getByText('Cette adresse email est déjà utilisée').first().waitFor();
    await email.fill('ab@x.io');
    await email.blur();
    await page.getByText('Cette adresse email est invalide.').first().waitFor();
    // Issue 32: a school's address is created through the school's button, which the form names.
    await email.fill('lucie.moreau@etu.demo-univ.fr');
    await email.blur();
    await page.getByText(messages.signup.schoolAddress(messages.login.ssoButton)).first().waitFor();

    await email.fill('Nouvelle.Interne@demo-univ.fr');
    await page
      .getByLabel("Confirmation de l'adresse email", { exact: true })
      .fill('nouvelle.interne@demo-univ.fr');
    // Issue 20: a password attackers try first is refused before sending, with the reason.
    const password = page.getByLabel('Mot de passe', { exact: true });
    await password.fill('Azerty123');
    await password.blur();
    await page.getByText(messages.password.common).first().waitFor();
    await password.fill('aaaaaaA1');
    await password.blur();
    await page.getByText(messages.password.repeated).first().waitFor();
    await password.fill('Poumon2026x');
    await password.blur();
    await page.getByText(messages.password.rule).first().waitFor();
    await page.getByLabel('Confirmation du mot de passe', { exact: true }).fill('Poumon2026x');
    await page.getByLabel('Prénom', { exact: true }).fill('Inès');
    await page.getByLabel('Nom', { exact: true }).fill('Vidal');
    await page.getByLabel('Semestre', { exact: true }).selectOption('3');
    await screenshot(page, 'signup-details-390-light');

    // Consent is required.
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    expect(page.url()).not.toContain('/test');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL('**/test');

    const token = (await context.cookies()).find((c) => c.name === 'token');
    const minutes = (token!.expires * 1000 - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(300); // SPEC §7: 305 minutes after sign-up
    expect(minutes).toBeLessThan(306);

    const link = await lastMailedLink('nouvelle.interne@demo-univ.fr', 'confirm');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByText('Votre adresse email est confirmée.').first().waitFor();
    await context.close();
  });

  it('pre-fills the code and semester from ?code= and ?sem=', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/?code=DEMO-MED-2026&sem=3');
    await page.getByLabel("Code d'accès", { exact: true }).waitFor();
    expect(await page.getByLabel("Code d'accès", { exact: true }).inputValue()).toBe('DEMO-MED-2026');
    await page.getByRole('button', { name: 'Suivant' }).click();
    expect(await page.getByLabel('Semestre', { exact: true }).inputValue()).toBe('3');
    await context.close();
  });
});
