import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@medenglish/shared';
import { launchBrowser, screenshot } from '../support/browser';
import { demoSurveyId } from '../support/global-setup';
import { openPageOn, signInOn } from '../support/own-server-browser';
import { startServer, type ServerProcess } from '../support/server-process';

const root = path.resolve(import.meta.dirname, '../..');
/** Our own two-AU cmi5 course, whose AUs implement the cmi5 AU side in plain JavaScript. */
const COURSE = path.join(root, 'apps/server/src/test/cmi5-ward-round');
const MODULE = 'On the ward round';
/** The same course under other ids, its reading declared launchMethod OwnWindow. */
const OWN_MODULE = 'Own window ward round';

function ownWindowCourse(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-cmi5-own-'));
  fs.cpSync(COURSE, dir, { recursive: true });
  const xml = fs
    .readFileSync(path.join(COURSE, 'cmi5.xml'), 'utf8')
    .replaceAll(
      'https://medenglish.example/courses/ward-round',
      'https://medenglish.example/courses/own-window',
    )
    .replace('moveOn="Completed"', 'moveOn="Completed" launchMethod="OwnWindow"');
  fs.writeFileSync(path.join(dir, 'cmi5.xml'), xml);
  return dir;
}

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
    const importCourse = async (folder: string, module: string) => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          path.join(root, 'apps/server/dist/cli/content-import.js'),
          folder,
          '--new-module',
          module,
          '--group',
          'Parcours Clinique',
        ],
        { cwd: root, env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' } },
      );
      expect(stdout.match(/^Created unit /gm)).toHaveLength(2);
    };
    await importCourse(COURSE, MODULE);
    await importCourse(ownWindowCourse(), OWN_MODULE);
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

  it('opens an OwnWindow AU in a window of its own, sandboxed, and its exit brings the learner back to the module page', async () => {
    const { context, page } = await openPageOn(browser, server, surveyId, { width: 1280 });
    await signInOn(page, 'salarie.demo@clinique-demo.com');
    await page.goto('/elearning/course/own-window-ward-round');
    await page
      .getByRole('navigation', { name: `Sommaire du module ${OWN_MODULE}` })
      .getByRole('link', { name: /Reading: an SBAR handover/ })
      .click();
    // The unit page offers the window; nothing runs in a frame.
    await page.getByText(messages.elearning.ownWindow.intro).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    const [au] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: new RegExp(messages.elearning.ownWindow.open) }).click(),
    ]);
    await au.getByText('Ready', { exact: true }).waitFor();
    // The AU's window has an opaque origin (the files' CSP sandbox), no way back into the app,
    // and no access to the app's storage; its token fetch and statements went through.
    expect(
      await au.evaluate(() => ({
        origin: window.origin,
        opener: window.opener,
        storage: (() => {
          try {
            return typeof window.localStorage.length;
          } catch {
            return 'refused';
          }
        })(),
      })),
    ).toEqual({ origin: 'null', opener: null, storage: 'refused' });
    await page.getByText(messages.elearning.ownWindow.opened).waitFor();

    // "I have read": completed, terminated, and the AU sends its window to LaunchData's returnURL.
    await au.getByRole('button', { name: 'I have read the handover' }).click();
    await au.waitForURL(/\/elearning\/course\/own-window-ward-round$/);
    const menu = au.getByRole('navigation', { name: `Sommaire du module ${OWN_MODULE}` });
    await menu.getByText('Terminé').waitFor();
    expect(await au.evaluate(() => window.origin)).toBe(new URL(server.baseURL).origin);
    await screenshot(au, 'cmi5-own-window-returned-1280');
    await context.close();
  });
});
