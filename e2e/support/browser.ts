import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium, with the flags this closed network needs (no background connections). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const baseURL = () => inject('baseURL');

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; dark?: boolean; survey?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.dark ? 'dark' : 'light',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  if (!options.survey) {
    // The satisfaction survey is a modal on the dashboard until answered (SPEC §4); journeys that
    // are not about it put it off for the session, as a learner clicking "later" does.
    await context.addInitScript(([key, id]) => window.sessionStorage.setItem(key, JSON.stringify([id])), [
      'medenglish.surveyLater',
      inject('surveyId'),
    ] as const);
  }
  const page = await context.newPage();
  return { context, page };
}

export const DEMO = {
  etudiant: 'etudiant.demo@demo-univ.fr',
  nouveau: 'nouveau.demo@demo-univ.fr',
  salarie: 'salarie.demo@clinique-demo.com',
  suspendu: 'suspendu.demo@demo-univ.fr',
  password: 'DemoPass2026',
};

/** The last link of a given kind printed by the offline mailer for an address. */
export async function lastMailedLink(
  email: string,
  kind: 'token' | 'confirm',
  timeoutMs = 10_000,
): Promise<string> {
  const start = Date.now();
  const pattern = new RegExp(
    `mail to ${email.replace(/[.]/g, '\\.')}[\\s\\S]*?(http\\S*\\?${kind}=\\S+)`,
    'g',
  );
  while (Date.now() - start < timeoutMs) {
    const log = fs.readFileSync(inject('serverLog'), 'utf8');
    const matches = [...log.matchAll(pattern)];
    const last = matches.at(-1);
    if (last) return last[1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${kind} link mailed to ${email}`);
}

/** Screenshots land in e2e/screenshots (ignored by git) for people to look at. */
export async function screenshot(page: Page, name: string) {
  const dir = path.resolve(import.meta.dirname, '../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Signs in through the login form, as a learner would. */
export async function logIn(page: Page, email: string, password = DEMO.password) {
  await page.goto('/');
  await page.getByLabel('Adresse email', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** The dashboard greeting: drawn from a set (SPEC §9), so found by the first name it holds. */
export function dashboardGreeting(page: Page, firstname: string) {
  return page.getByRole('heading', { level: 2, name: new RegExp(`\\b${firstname}\\b`) });
}
