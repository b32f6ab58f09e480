import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, logIn, newPage, dashboardGreeting } from '../support/browser';

describe('session: token refresh on 401 and idle logout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('refreshes once on 401, retries the queued calls, and stays on the page', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, DEMO.etudiant);
    await dashboardGreeting(page, 'Camille').waitFor();

    // The access token goes bad (expired, or a server key rotation): the next calls get 401.
    await context.addCookies([{ name: 'token', value: 'expired.token.value', url: page.url() }]);
    const refreshes: string[] = [];
    page.on('request', (r) => r.url().endsWith('/api/refresh') && refreshes.push(r.url()));
    await page.reload();
    await dashboardGreeting(page, 'Camille').waitFor();
    expect(refreshes).toHaveLength(1);
    const token = (await context.cookies()).find((c) => c.name === 'token');
    expect(token!.value).not.toBe('expired.token.value');
    await context.close();
  });

  it('logs out when the refresh fails', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, DEMO.etudiant);
    await dashboardGreeting(page, 'Camille').waitFor();
    await context.addCookies([
      { name: 'token', value: 'bad', url: page.url() },
      { name: 'refreshToken', value: 'revoked', url: page.url() },
    ]);
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await context.close();
  });

  it('logs out after 30 minutes without activity (fake clock)', async () => {
    const { context, page } = await newPage(browser);
    await page.clock.install();
    await logIn(page, DEMO.etudiant);
    await dashboardGreeting(page, 'Camille').waitFor();

    await page.clock.fastForward('20:00');
    await page.mouse.move(200, 200);
    await page.mouse.move(220, 240);
    await page.clock.fastForward('20:00'); // 40 min since login, 20 since activity
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await page.clock.fastForward('11:00'); // 31 minutes without activity
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText("Vous avez été déconnecté(e) après 30 minutes d'inactivité.").waitFor();
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await context.close();
  });
});
