import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardGreeting, DEMO, launchBrowser, newPage } from '../support/browser';

/**
 * Holds the app's entry back until released, so that the login card the server drew is all there
 * is (issue 10): what a visitor does with it before the app has started must survive the takeover.
 */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Layout shifts and console errors from the start of the page. */
async function watch(page: Page): Promise<{ errors: string[]; shifts: () => Promise<number> }> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const state = window as unknown as { shifts: number };
    state.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) state.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return {
    errors,
    shifts: () => page.evaluate(() => (window as unknown as { shifts: number }).shifts),
  };
}

const drawn = (page: Page) => page.locator('#first-screen[data-screen="login"]');
const focusedField = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? null);

describe('the login card drawn by the server, before and after the app takes over', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('keeps what was typed and the focus, then logs in', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    const release = await holdTheApp(page);
    const { errors, shifts } = await watch(page);
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto('/');

    // The server's card, labelled, before any of the app's script.
    await drawn(page).waitFor();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await page.getByLabel('Adresse email', { exact: true }).click();
    await page.keyboard.type(DEMO.etudiant);
    await page.getByLabel('Mot de passe', { exact: true }).click();
    await page.keyboard.type('DemoPass');
    expect(await focusedField(page)).toBe('password');

    // The app arrives: its first commit replaces the card, with what was typed and the focus.
    release();
    await drawn(page).waitFor({ state: 'detached' });
    await page.locator('#root form').waitFor();
    expect(await page.getByLabel('Adresse email', { exact: true }).inputValue()).toBe(DEMO.etudiant);
    expect(await page.getByLabel('Mot de passe', { exact: true }).inputValue()).toBe('DemoPass');
    expect(await focusedField(page)).toBe('password');
    expect(await shifts()).toBe(0);

    // Typing goes on in the same field, where it stopped.
    await page.keyboard.type('2026');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    await dashboardGreeting(page, 'Camille').waitFor();
    expect(urls.filter((url) => url.includes('DemoPass'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('holds an Enter pressed before the app runs, and signs in once it has', async () => {
    const { context, page } = await newPage(browser);
    const release = await holdTheApp(page);
    const urls: string[] = [];
    page.on('request', (request) => urls.push(`${request.method()} ${request.url()}`));
    await page.goto('/');
    await drawn(page).waitFor();
    await page.getByLabel('Adresse email', { exact: true }).fill(DEMO.etudiant);
    await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.password);
    await page.getByLabel('Mot de passe', { exact: true }).press('Enter');
    // Nothing left the page: no GET with the password, no POST of the form.
    await page.waitForTimeout(300);
    expect(urls.filter((url) => url.includes('DemoPass') || url.startsWith('POST'))).toEqual([]);
    await drawn(page).waitFor();

    release();
    await page.waitForURL('**/dashboard');
    await dashboardGreeting(page, 'Camille').waitFor();
    await context.close();
  });

  it('is drawn on any page a visitor without a session opens, which the app turns into /, then opens that page', async () => {
    const { context, page } = await newPage(browser);
    const release = await holdTheApp(page);
    const { errors, shifts } = await watch(page);
    await page.goto('/glossary');
    await drawn(page).waitFor();
    await page.getByLabel('Adresse email', { exact: true }).fill(DEMO.etudiant);
    await page.getByLabel('Mot de passe', { exact: true }).click();
    release();
    await drawn(page).waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByLabel('Adresse email', { exact: true }).inputValue()).toBe(DEMO.etudiant);
    expect(await focusedField(page)).toBe('password');
    expect(await shifts()).toBe(0);
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/glossary');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is drawn in the language and theme the visitor chose last, and removed when the app would differ', async () => {
    const { context, page } = await newPage(browser, { dark: true });
    await page.goto('/');
    // Dark system, no theme cookie yet: the light card is hidden, the app draws dark.
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();

    // The next visit: drawn in English and dark (the app's cookies), kept by the app.
    const release = await holdTheApp(page);
    await page.goto('/');
    await page.locator('#first-screen[data-language="en"][data-theme="dark"]').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    release();
    await drawn(page).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await context.close();
  });
});
