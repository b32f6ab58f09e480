import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO } from './browser';
import type { ServerProcess } from './server-process';

/**
 * Browser helpers for specs that run a server of their own (support/server-process.ts): a page on
 * that server, with the satisfaction survey put off as the shared journeys do.
 */
export async function openPageOn(
  browser: Browser,
  server: ServerProcess,
  surveyId: string,
  options: { width?: number; dark?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: options.width ?? 390, height: 844 },
    colorScheme: options.dark ? 'dark' : 'light',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  await context.addInitScript(([key, id]) => window.sessionStorage.setItem(key, JSON.stringify([id])), [
    'medenglish.surveyLater',
    surveyId,
  ] as const);
  return { context, page: await context.newPage() };
}

export async function signInOn(page: Page, email: string, password = DEMO.password) {
  await page.goto('/');
  await page.getByLabel('Adresse email', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL('**/dashboard');
}

/** Moves the server's clock forward (TEST_CLOCK). */
export async function advanceClock(server: ServerProcess, ms: number) {
  const res = await fetch(`${server.baseURL}/__test__/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms }),
  });
  expect(res.status).toBe(200);
}

/**
 * A learner's API calls on that server. The test clock runs ahead by hours, past the access
 * token's life: a refused token is replaced by a new sign-in, as the app refreshes its own.
 */
export async function apiAs(server: ServerProcess, email: string) {
  const signIn = async () => {
    const res = await fetch(`${server.baseURL}/api/student/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO.password }),
    });
    return (await res.json()) as { token: string; _id: string };
  };
  let auth = await signIn();
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${server.baseURL}/api${path}`, {
      method,
      headers: { authorization: `Token ${auth.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const call = async (method: string, path: string, body?: unknown) => {
    let r = await send(method, path, body);
    if (r.status === 401) {
      auth = await signIn();
      r = await send(method, path, body);
    }
    return { status: r.status, json: (await r.json()) as any };
  };
  return { _id: auth._id, call };
}
