import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ispringPackage,
  risePackage,
  storylinePackage,
  TOOL_ACTIVITIES,
  underTopFolder,
  type PackageEntry,
} from '../../apps/server/src/test/authoring-tool-packages';
import { buildZip } from '../../apps/server/src/test/zip';
import { DEMO, launchBrowser, screenshot } from '../support/browser';
import { demoSurveyId } from '../support/global-setup';
import { openPageOn, signInOn } from '../support/own-server-browser';
import { serverEntry, startServer, type ServerProcess } from '../support/server-process';

const REPORTS = 'reports:a-secret-of-sixteen-chars';
const GROUP = 'S3 – Groupe A';
const importCli = path.join(path.dirname(serverEntry), 'cli/content-import.js');

/**
 * Packages shaped like authoring-tool exports, imported with `npm run content:import` into a
 * server of this spec's own, run in the unit frame of the app: Storyline's player frames its
 * slides (their pages display inside the unit, their statements reach the LRS, a slide opens a
 * resource in a new window, and the course resumes at the slide reached); Rise's single page
 * resumes at its lesson and completes; an iSpring package launched from its subfolder, zipped
 * under a single top folder, resumes and reports its pass.
 */
describe('packages from authoring tools in the unit frame', () => {
  let browser: Browser;
  let server: ServerProcess;
  let surveyId: string;

  const importZip = async (name: string, entries: PackageEntry[]) => {
    const file = path.join(server.dataDir, name);
    fs.writeFileSync(file, buildZip(entries));
    await promisify(execFile)(
      process.execPath,
      [importCli, file, '--new-module', 'Authoring tools', '--group', GROUP],
      { env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' } },
    );
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startServer({ XAPI_BASIC_AUTH: REPORTS });
    // The embedded database is one process's: the import runs while the server is stopped.
    await server.stop();
    await importZip('storyline.zip', storylinePackage());
    await importZip('rise.zip', risePackage());
    await importZip('ispring.zip', underTopFolder('Consent basics (iSpring)', ispringPackage()));
    await server.restart();
    surveyId = await demoSurveyId(server.baseURL);
  }, 300_000); // two starts of a demo server and three imports
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** What the LRS holds about an activity and its slides, read as a reporting tool would. */
  async function verbsAbout(activity: string) {
    const query = new URLSearchParams({ activity, related_activities: 'true', limit: '100' });
    const res = await fetch(`${server.baseURL}/api/xapi/statements?${query.toString()}`, {
      headers: {
        authorization: `Basic ${Buffer.from(REPORTS).toString('base64')}`,
        'x-experience-api-version': '1.0.3',
      },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { statements: { verb: { id: string }; object: { id: string } }[] };
    return body.statements.map((s) => `${s.verb.id.split('/').pop()} ${s.object.id.replace(activity, '')}`);
  }

  it('Storyline: the slides in the nested frame display, report, open a window and resume', async () => {
    const { context, page } = await openPageOn(browser, server, surveyId, { width: 1280 });
    await signInOn(page, DEMO.etudiant);
    await page.goto('/elearning/course/authoring-tools');
    const menu = page.getByRole('navigation', { name: 'Sommaire du module Authoring tools' });
    await menu.getByRole('link', { name: /Ward handover with SBAR/ }).click();
    const story = page.frameLocator('iframe[title="Ward handover with SBAR"]');
    await story.getByRole('heading', { name: 'Ward handover with SBAR', level: 1 }).waitFor();
    const slide = story.frameLocator('iframe[title="Slide"]');
    await slide.getByRole('heading', { name: 'Before the handover' }).waitFor();
    await slide.getByText('Slide 1 recorded').waitFor();
    await slide.getByRole('link', { name: 'Next slide' }).click();
    await slide.getByRole('heading', { name: 'Situation and background' }).waitFor();
    await slide.getByText('Slide 2 recorded').waitFor();
    await screenshot(page, 'elearning-storyline-1280');

    // The slide opens the package's resource in a new window, in the package's sandbox.
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      slide.getByRole('button', { name: 'Open the handover card' }).click(),
    ]);
    await popup.getByRole('heading', { name: 'Handover card' }).waitFor();
    expect(popup.url()).toMatch(/\/story_content\/resources\/handover-card\.html$/);
    // Still an opaque origin: the app's storage is out of its reach.
    expect(await popup.evaluate(() => window.origin)).toBe('null');
    await popup.close();

    // Leave on slide 2 and come back: the player resumes there.
    await page.goto('/elearning/course/authoring-tools');
    await menu.getByText('En cours').waitFor();
    await menu.getByRole('link', { name: /Ward handover with SBAR/ }).click();
    await slide.getByRole('heading', { name: 'Situation and background' }).waitFor();
    await slide.getByRole('link', { name: 'Next slide' }).click();
    await slide.getByRole('button', { name: 'Submit' }).click();
    await slide.getByText('Course complete').waitFor();

    const verbs = await verbsAbout(TOOL_ACTIVITIES.storyline);
    expect(verbs).toEqual(
      expect.arrayContaining([
        'attempted ',
        'experienced /slide1',
        'experienced /slide2',
        'experienced /slide3',
        'completed ',
      ]),
    );
    await page.goto('/elearning/course/authoring-tools');
    await menu.getByText('Terminé').waitFor();
    await context.close();
  });

  it('Rise: the single page resumes at its lesson and completes the course', async () => {
    const { context, page } = await openPageOn(browser, server, surveyId, { width: 1280 });
    await signInOn(page, DEMO.etudiant);
    await page.goto('/elearning/course/authoring-tools');
    const menu = page.getByRole('navigation', { name: 'Sommaire du module Authoring tools' });
    await menu.getByRole('link', { name: /Sepsis screening on the ward/ }).click();
    const frame = page.frameLocator('iframe[title="Sepsis screening on the ward"]');
    await frame.getByText('Lesson 1 of 2').waitFor();
    // Its image comes from assets/, its script and style from lib/.
    await expect
      .poll(() => frame.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await frame.getByRole('button', { name: 'Continue' }).click();
    await frame.getByRole('heading', { name: 'Escalating care' }).waitFor();
    await page.goto('/elearning/course/authoring-tools');
    await menu.getByRole('link', { name: /Sepsis screening on the ward/ }).click();
    await frame.getByText('Lesson 2 of 2').waitFor();
    await frame.getByRole('button', { name: 'Finish course' }).click();
    await frame.getByText('Course complete').waitFor();
    expect(await verbsAbout(TOOL_ACTIVITIES.rise)).toEqual(
      expect.arrayContaining(['attempted ', 'completed ']),
    );
    await context.close();
  });

  it('iSpring from its res/ folder, zipped under a top folder: resumes and reports its pass', async () => {
    const { context, page } = await openPageOn(browser, server, surveyId, { width: 1280 });
    await signInOn(page, DEMO.etudiant);
    await page.goto('/elearning/course/authoring-tools');
    const menu = page.getByRole('navigation', { name: 'Sommaire du module Authoring tools' });
    await menu.getByRole('link', { name: /Consent basics/ }).click();
    const frame = page.frameLocator('iframe[title="Consent basics"]');
    await frame.getByText('Step 1: Explain the procedure in plain words.').waitFor();
    await frame.getByRole('button', { name: 'Next step' }).click();
    await frame.getByText(/^Step 2:/).waitFor();
    await page.goto('/elearning/course/authoring-tools');
    await menu.getByRole('link', { name: /Consent basics/ }).click();
    await frame.getByText(/^Step 2:/).waitFor();
    await frame.getByRole('button', { name: 'Next step' }).click();
    await frame.getByText('Quiz passed').waitFor();
    expect(await verbsAbout(TOOL_ACTIVITIES.ispring)).toEqual(expect.arrayContaining(['passed ']));
    await page.goto('/elearning/course/authoring-tools');
    await menu.getByText(/Réussi/).waitFor();
    await context.close();
  });
});
