import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import type { CourseModule, ModuleUnit } from '@medenglish/shared';
import { AppProviders } from '../../app/providers';
import { group, learner, LEARNER_ID } from '../../test/learner';

export const S3 = group({ _id: '00000000-0000-4000-8000-0000000000a3', name: 'S3 – Groupe A' });

const id = (prefix: string, n: number) =>
  `00000000-0000-4000-8000-${prefix}${String(n).padStart(12 - prefix.length, '0')}`;

/** A unit of a module with its learner's progress (none by default). */
export function moduleUnit(
  n: number,
  {
    name = `Unit ${n}`,
    isFinalQuiz = false,
    ...progress
  }: Partial<Omit<ModuleUnit, 'unit'>> & {
    name?: string;
    isFinalQuiz?: boolean;
  } = {},
): ModuleUnit {
  return {
    unit: {
      _id: id('f', n),
      name,
      thumbnail: null,
      isFinalQuiz,
      isRise: false,
      filename: `unit-${n}`,
      launchPoint: 'index.html',
      activityId: `https://medenglish.example/units/${n}`,
      time: 20,
    },
    verb: null,
    result: null,
    time: 0,
    ...progress,
  };
}

export function courseModule(overrides: Partial<CourseModule> = {}): CourseModule {
  return {
    _id: id('e', 1),
    key: 'history-taking',
    name: 'Taking a patient history',
    isRise: false,
    summary: 'How to open a consultation and ask about the presenting complaint.',
    objectives: [
      { title: 'Opening the consultation', content: ['Greet the patient', 'Ask open questions'] },
      { title: 'Closing', content: ['Summarise'] },
    ],
    thumbnail: '/media/thumbnails/history.svg',
    revisionFile: [{ fileName: '/media/revision/history.pdf', title: 'History revision sheet' }],
    units: [moduleUnit(1), moduleUnit(2)],
    progress: 0,
    ...overrides,
  };
}

/** The calls every e-learning screen makes to know the learner and their current group. */
export function learnerRoutes(groups = [S3]): Record<string, unknown> {
  return {
    [`GET /student/${LEARNER_ID}`]: learner(),
    [`GET /group/user/${LEARNER_ID}`]: groups,
  };
}

export const modulesPath = `/module/user/${LEARNER_ID}/${S3._id}`;

/**
 * Renders the e-learning routes at `path` inside the app's providers (a memory router, whose
 * location — state included — the test can read).
 */
export function renderElearning(path: string, routes: { path: string; element: ReactElement }[]) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...render(<AppProviders>{<RouterProvider router={router} />}</AppProviders>) };
}
