// @vitest-environment node
// The server's render runs in Node: no window, document, storage or media queries.
import { describe, expect, it } from 'vitest';
import { dashboardCalls, greeting, messagesFor, type Company, type User } from '@medenglish/shared';
import { takeStartupResponse } from '../lib/startup-responses';
import { COMPANY_ID, group, learner, LEARNER_ID } from '../test/learner';
import { renderDashboardFirstScreen, type FirstScreenData } from './dashboard-first-screen';
import { htmlText } from '../test/html-text';

const TODAY = '2026-03-10';
const S3 = group({ _id: '00000000-0000-4000-8000-0000000000a3', name: 'S3 – Groupe A' });
const S1 = group({ _id: '00000000-0000-4000-8000-0000000000a1', name: 'S1 – Groupe B', semester: 1 });
const MODULE = { _id: '00000000-0000-4000-8000-0000000000e1', name: 'Cardiology' };
const company: Company = {
  _id: COMPANY_ID,
  name: 'Université Démo',
  type: 1,
  isCompany: false,
  activatedEvaluo: true,
  loginBlocked: false,
  idGroups: [],
};

/** The page's answers, as the server writes them: keyed by the shared dashboardCalls paths. */
function pageData(user: User = learner()): FirstScreenData {
  const answers: Record<string, unknown> = {
    [`/companyData/${COMPANY_ID}`]: {
      _id: '00000000-0000-4000-8000-0000000000b1',
      company: COMPANY_ID,
      semesters: [{ semester: 3, beginDate: '2026-01-05', endDate: '2026-06-30', catchUpDate: null }],
    },
    [`/group/exam/${LEARNER_ID}`]: [],
    [`/unittrackers/latest/${LEARNER_ID}/${S3._id}`]: {
      module: MODULE,
      unit: { _id: '00000000-0000-4000-8000-0000000000f1', name: 'Heart failure', isFinalQuiz: false },
      at: `${TODAY}T08:00:00.000Z`,
    },
  };
  const responses: Record<string, unknown> = {};
  for (const path of dashboardCalls(user, S3)) responses[path] = answers[decodeURIComponent(path)] ?? [];
  return {
    userId: user._id,
    user,
    // As the API answers: the most recent last (the app reverses it).
    groups: [S1, S3],
    company,
    time: { now: `${TODAY}T09:00:00.000Z`, today: TODAY, timeZone: 'Europe/Paris' },
    responses,
  };
}

describe("the dashboard's first cards drawn on the server", () => {
  it("draws the learner's real cards in French, with the page's answers and real links", async () => {
    const screen = await renderDashboardFirstScreen(pageData(), { theme: 'light', greetingRandom: 0 });
    const fr = messagesFor('fr').dashboard;
    const words = htmlText(screen!.html);
    expect(words).toContain(htmlText(greeting(TODAY, 'Camille', 0)));
    expect(words).toContain(fr.semesterCard);
    expect(words).toContain(fr.resourcesCard);
    expect(words).toContain(fr.resourcesText);
    expect(words).toContain(fr.evaluoCard);
    // The last activity comes from the page's answer: the card is drawn, not a skeleton.
    expect(words).toContain('Heart failure');
    expect(words).toContain(fr.continueCourse);
    expect(screen!.html).not.toContain('card-skeleton');
    // Links work before any script: real anchors.
    expect(screen!.html).toMatch(/<a [^>]*href="\/elearning\/resources"/);
    expect(screen!.html).toMatch(/<a [^>]*href="\/evaluo"/);
    expect(screen!.html).toMatch(/<a [^>]*href="\/elearning\/course\/[^"]+"/);
    // What the app compares before keeping them (lib/first-screen.ts).
    expect(screen!.html).toContain(`data-user="${LEARNER_ID}"`);
    expect(screen!.html).toContain(`data-group="${S3._id}"`);
    expect(screen!.html).toContain('data-language="fr"');
    expect(screen!.html).toContain('data-greeting="0"');
  });

  it('draws them in English for a learner who chose English', async () => {
    const screen = await renderDashboardFirstScreen(pageData(learner({ language: 'en' })), {
      theme: 'light',
      greetingRandom: 0.5,
    });
    const en = messagesFor('en').dashboard;
    const words = htmlText(screen!.html);
    expect(en.resourcesCard).not.toBe(messagesFor('fr').dashboard.resourcesCard);
    expect(words).toContain(en.resourcesCard);
    expect(words).toContain(en.resourcesText);
    expect(words).toContain(en.semesterCard);
    expect(words).not.toContain(messagesFor('fr').dashboard.resourcesText);
    expect(screen!.html).toContain('data-language="en"');
    // The language of the render does not stay behind for the next page.
    const next = await renderDashboardFirstScreen(pageData(), { theme: 'light', greetingRandom: 0.5 });
    expect(htmlText(next!.html)).toContain(messagesFor('fr').dashboard.resourcesText);
  });

  it("uses the learner's theme, with its critical styles for the <head>", async () => {
    const light = await renderDashboardFirstScreen(pageData(), { theme: 'light', greetingRandom: 0 });
    const dark = await renderDashboardFirstScreen(pageData(), { theme: 'dark', greetingRandom: 0 });
    expect(light!.html).toContain('data-theme="light"');
    expect(dark!.html).toContain('data-theme="dark"');
    // The baseline's page colour (app/theme.ts), and only the theme drawn.
    expect(light!.styles).toContain('background-color:#f3f6f9');
    expect(light!.styles).not.toContain('background-color:#0b1620');
    expect(dark!.styles).toContain('background-color:#0b1620');
    expect(dark!.styles).not.toContain('background-color:#f3f6f9');
    // Every class of the markup has its rule; the browser's emotion cache reads the ids back.
    const ids = /data-emotion="css ([^"]+)"/.exec(light!.styles)![1]!.split(' ');
    for (const [, id] of light!.html.matchAll(/\bcss-([a-zA-Z0-9-_]+)/g)) expect(ids).toContain(id);
    // The baseline in emotion's global elements, ahead: the app's globals take them over, or win
    // over them when the app draws in another theme.
    expect(light!.styles).toMatch(/^<style data-emotion="css-global [^"]+">[^<]*background-color:#f3f6f9/);
  });

  it('keeps none of the answers for another page', async () => {
    const data = pageData();
    await renderDashboardFirstScreen(data, { theme: 'light', greetingRandom: 0 });
    for (const path of Object.keys(data.responses!)) expect(takeStartupResponse(path)).toBeUndefined();
  });

  it('draws nothing when the app would not draw these cards first', async () => {
    const options = { theme: 'light', greetingRandom: 0 } as const;
    // The placement test to take: the app goes to /test.
    const inTest = pageData(learner({ placementtest: true, testFinish: false }));
    expect(await renderDashboardFirstScreen(inTest, options)).toBeNull();
    // No group yet: the "content not yet available" notice, not cards.
    expect(await renderDashboardFirstScreen({ ...pageData(), groups: [] }, options)).toBeNull();
    // A first answer missing (its call failed on the server): the app reads it itself.
    for (const missing of ['user', 'groups', 'company', 'time'] as const)
      expect(await renderDashboardFirstScreen({ ...pageData(), [missing]: undefined }, options)).toBeNull();
  });
});
