import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
import { demoSurveyId } from '../support/global-setup';
import { openPageOn, signInOn } from '../support/own-server-browser';
import { startServer, type ServerProcess } from '../support/server-process';

const root = path.resolve(import.meta.dirname, '../..');
/** Our own two-AU cmi5 course, whose AUs implement the cmi5 AU side in plain JavaScript. */
const COURSE = path.join(root, 'apps/server/src/test/cmi5-ward-round');
const MODULE = 'On the ward round';

/**
 * Issue 18, cmi5: a course imported with the import command, then each AU launched in the unit
 * frame — it fetches its token, reads LMS.LaunchData and reports — and the module page shows the
 * quiz passed (moveOn Passed) and the reading completed (moveOn Completed).
 */
describe('cmi5: a course of two AUs, imported, launched and reported', () => {
  let server: ServerProcess;
  let browser: Browser;
  let surveyId: string;

  beforeAll(async () => {
    server = await startServer();
    surveyId = await demoSurveyId(server.baseURL);
    // The embedded database has one process: the import runs with the server stopped.
    await server.stop();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        path.join(root, 'apps/server/dist/cli/content-import.js'),
        COURSE,
        '--module',
        MODULE,
        '--group',
        'Parcours Clinique',
      ],
      { cwd: root, env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' } },
    );
    expect(stdout.match(/^Created unit /gm)).toHaveLength(2);
    await server.restart();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const menuOf = (page: Page) => page.getByRole('navigation', { name: `Sommaire du module ${MODULE}` });

  it('passes the check, completes the reading, and the module page shows both results', async () => {
    const { context, page } = await openPageOn(browser, server, surveyId, { width: 1280 });
    await signInOn(page, 'salarie.demo@clinique-demo.com');
    await page.goto('/elearning/course/on-the-ward-round');
    const menu = menuOf(page);

    // The check (moveOn Passed, masteryScore 0.5): one answer of two right is a pass at 50 %
    // (a pass at 100 % reads "Terminé", SPEC §4).
    await menu.getByRole('link', { name: /Check: the handover/ }).click();
    const check = page.frameLocator('iframe[title="Check: the handover"]');
    await check.getByText('Ready', { exact: true }).waitFor();
    await check.getByLabel('He has had a temperature since the early morning.').check();
    await check.getByLabel('Stopping his paracetamol.').check();
    await check.getByRole('button', { name: 'Submit answers' }).click();
    await check.getByText('Passed', { exact: true }).waitFor();

    // The reading (moveOn Completed).
    await menu.getByRole('link', { name: /Reading: an SBAR handover/ }).click();
    const reading = page.frameLocator('iframe[title="Reading: an SBAR handover"]');
    await reading.getByText('Ready', { exact: true }).waitFor();
    await reading.getByRole('button', { name: 'I have read the handover' }).click();
    await reading.getByText('Reading completed').waitFor();

    // Read back from the server: the module page lists both units with their results.
    await page.reload();
    await menu.getByText('Réussi · 50 %').waitFor();
    await menu.getByText('Terminé').waitFor();
    await screenshot(page, 'cmi5-module-1280');
    await page.goto('/elearning/course');
    await page.getByRole('progressbar', { name: `Progression du module ${MODULE} : 100 %` }).waitFor();
    await context.close();
  });
});
