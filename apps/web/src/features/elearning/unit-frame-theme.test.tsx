import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { storageKeys, writeStorage } from '../../lib/storage';
import { signIn } from '../../test/learner';
import { stubApi } from '../../test/stub-api';
import ModulePage from './module-page';
import { courseModule, learnerRoutes, modulesPath, moduleUnit, renderElearning } from './test-fixtures';
import { withTheme } from './unit-frame';

/**
 * Issue 34: the app's theme reaches our player in the frame address's fragment, never in its
 * query — TinCanJS sends every query parameter it does not know to the LRS, which refuses it.
 */
const LAUNCH_URL =
  '/media/content/abc/index.html?endpoint=http%3A%2F%2Fapp.example%2Fapi%2Fxapi%2F&auth=Basic+x' +
  '&actor=%7B%7D&activity_id=urn%3Aunit&registration=r1';
const unitModule = courseModule({ units: [moduleUnit(1, { name: 'Greeting the patient' })] });

async function frameFor(url: string): Promise<HTMLIFrameElement> {
  signIn();
  const unit = unitModule.units[0]!.unit;
  stubApi({
    ...learnerRoutes(),
    [`GET ${modulesPath}`]: [unitModule],
    [`POST /xapi/launch/${unit._id}`]: { url, registration: 'r1', expiresAt: '2026-03-10T12:00:00.000Z' },
  });
  renderElearning(`/elearning/course/${unitModule.key}?unit=${unit._id}`, [
    { path: '/elearning/course/:module', element: <ModulePage /> },
  ]);
  return (await screen.findByTitle('Greeting the patient')) as HTMLIFrameElement;
}

describe("the unit frame's address (issue 34)", () => {
  it('adds the theme as a fragment, after the query, and leaves a fragment of the package alone', () => {
    expect(withTheme('/m/index.html?endpoint=e', 'dark')).toBe('/m/index.html?endpoint=e#theme=dark');
    expect(withTheme('/m/index.html', 'light')).toBe('/m/index.html#theme=light');
    expect(withTheme('/m/story.html?endpoint=e#/lesson/1', 'dark')).toBe(
      '/m/story.html?endpoint=e#/lesson/1',
    );
  });

  it('opens the launch address with its query untouched and the theme only in the fragment', async () => {
    writeStorage(storageKeys.darkMode, 'true');
    const frame = await frameFor(LAUNCH_URL);
    const src = new URL(frame.getAttribute('src')!, 'http://app.example');
    const launch = new URL(LAUNCH_URL, 'http://app.example');
    expect(src.pathname).toBe(launch.pathname);
    // The query is the launch's, parameter for parameter: nothing of the app's is added.
    expect(src.search).toBe(launch.search);
    expect(src.searchParams.has('theme')).toBe(false);
    expect(src.hash).toBe('#theme=dark');
  });

  it("opens a package's own fragment as it is", async () => {
    const url = `${LAUNCH_URL}#/lessons/intro`;
    const frame = await frameFor(url);
    expect(frame.getAttribute('src')).toBe(url);
  });
});
