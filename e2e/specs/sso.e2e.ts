import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot } from '../support/browser';

const SSO_EMAIL = 'sso.demo@etu.demo-univ.fr';

/**
 * Issue 16, single sign-on through the built-in demo provider (SPEC §2 landing, §4, §5, §8): the
 * school button, the school's own login page, the semester asked at the first sign-in, the
 * placement test, straight in the next time, single logout; the school's addresses refused at the
 * password form; a refused sign-on said with 2501.
 */
describe('single sign-on (demo school provider)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  const schoolLogin = async (page: import('playwright-core').Page, password = 'DemoPass2026') => {
    await page.getByRole('link', { name: messages.login.ssoButton }).click();
    await page.waitForURL(/\/dev-idp\/interaction\//);
    await page.getByLabel('Adresse universitaire').fill(SSO_EMAIL);
    await page.getByLabel('Mot de passe').fill(password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
  };

  it('signs a school account in: semester at the first time, then the placement test; the cookie lasts 305 minutes', async () => {
    const { context, page } = await newPage(browser, { width: 390 });
    await page.goto('/');
    // The password form refuses the school's addresses with the spec's message.
    await page.getByLabel('Adresse email', { exact: true }).fill(SSO_EMAIL);
    await page.getByLabel('Mot de passe', { exact: true }).fill('DemoPass2026');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText(messages.login.ssoBlocked).waitFor();

    await schoolLogin(page);
    const dialog = page.getByRole('dialog', { name: messages.login.ssoWelcome('Lucie') });
    await dialog.waitFor();
    expect(await seriousViolations(page, '390 sign-on semester')).toEqual([]);
    await screenshot(page, 'sso-semester-390');
    // The school's names, to confirm (SPEC §5 rules), and the consent password sign-up asks too.
    expect(await dialog.getByLabel(messages.signup.firstname, { exact: true }).inputValue()).toBe('Lucie');
    expect(await dialog.getByLabel(messages.signup.lastname, { exact: true }).inputValue()).toBe('Moreau');
    await dialog.getByRole('button', { name: messages.login.ssoContinue }).click();
    expect(await dialog.getByText(messages.common.required).count()).toBe(2);
    expect(await seriousViolations(page, '390 sign-on form refused')).toEqual([]);
    await dialog.getByLabel(messages.signup.semester).click();
    await page.getByRole('option', { name: '3', exact: true }).click();
    await dialog.getByRole('button', { name: messages.login.ssoContinue }).click();
    await dialog.getByText(messages.common.required).waitFor();
    await dialog.getByRole('checkbox', { name: messages.signup.consent }).check();
    await dialog.getByRole('button', { name: messages.login.ssoContinue }).click();
    await page.waitForURL('**/test');
    expect(page.url()).not.toContain('sso=');
    const token = (await context.cookies()).find((c) => c.name === 'token')!;
    const minutes = (token.expires * 1000 - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(300);
    expect(minutes).toBeLessThanOrEqual(305);

    // Logging out ends the school's session too, then back to the login page.
    await page.getByRole('button', { name: messages.shell.account }).click();
    await page.getByRole('menuitem', { name: messages.shell.logout }).click();
    // Through the school's end-session page and back to the login page.
    await page.waitForURL((url) => url.pathname === '/' || url.pathname.startsWith('/dev-idp/session/end'));
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await context.close();

    // The next time: no question, straight to the placement test.
    const again = await newPage(browser, { width: 1280 });
    await again.page.goto('/');
    await schoolLogin(again.page);
    await again.page.waitForURL('**/test');
    await again.context.close();
  });

  it("says '{portal} : Connexion impossible' and 2501 when the school refuses", async () => {
    const { context, page } = await newPage(browser, { width: 1280 });
    await page.goto('/?sso_error=ecole');
    await page.getByText(messages.login.ssoFailure(messages.login.ssoPortal)).waitFor();
    await page.getByText('Error 2501: Login error (single sign-on)').waitFor();
    expect(page.url()).not.toContain('sso_error');
    await screenshot(page, 'sso-refused-1280');
    await context.close();
  });
});
