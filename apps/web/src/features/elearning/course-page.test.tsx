import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { messages } from '@medenglish/shared';
import { signIn } from '../../test/learner';
import { errorResponse, stubApi } from '../../test/stub-api';
import CoursePage from './course-page';
import { courseModule, learnerRoutes, modulesPath, moduleUnit, renderElearning } from './test-fixtures';

const t = messages.elearning;

function renderCourse(routes: Record<string, unknown>) {
  signIn();
  const api = stubApi(routes);
  const view = renderElearning('/elearning/course', [{ path: '/elearning/course', element: <CoursePage /> }]);
  return { ...view, api };
}

describe('/elearning/course (SPEC §2: cards per module with thumbnail, title and progress bar)', () => {
  it('shows a card per module, in order, each a link to its page with its progress', async () => {
    renderCourse({
      ...learnerRoutes(),
      [`GET ${modulesPath}`]: [
        courseModule({ progress: 50 }),
        courseModule({
          _id: '00000000-0000-4000-8000-0000000000e2',
          key: 'clinical-examination',
          name: 'Clinical examination',
          thumbnail: null,
          units: [moduleUnit(3), moduleUnit(4), moduleUnit(5)],
          progress: 33.3,
        }),
      ],
    });

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);

    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 2, name: 'Taking a patient history' })).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Taking a patient history' })).toHaveAttribute(
      'href',
      '/elearning/course/history-taking',
    );
    // The thumbnail is decorative: the title is next to it.
    const thumbnail = cards[0]!.querySelector('img');
    expect(thumbnail).toHaveAttribute('src', '/media/thumbnails/history.svg');
    expect(thumbnail).toHaveAttribute('alt', '');
    const bar = first.getByRole('progressbar', { name: t.moduleProgress('Taking a patient history', 50) });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(first.getByText('50 %')).toBeInTheDocument();
    expect(first.getByText(t.unitsCount(2))).toBeInTheDocument();

    const second = within(cards[1]!);
    expect(second.getByRole('link', { name: 'Clinical examination' })).toHaveAttribute(
      'href',
      '/elearning/course/clinical-examination',
    );
    expect(
      second.getByRole('progressbar', { name: t.moduleProgress('Clinical examination', 33.3) }),
    ).toBeInTheDocument();
    expect(second.getByText('33,3 %')).toBeInTheDocument();
  });

  it('shows a skeleton while the modules load', async () => {
    renderCourse({ ...learnerRoutes(), [`GET ${modulesPath}`]: () => new Promise(() => {}) });
    expect(await screen.findByTestId('modules-skeleton')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(messages.common.loading);
  });

  it('shows toast 2101 and a retry when the modules cannot be read', async () => {
    renderCourse({
      ...learnerRoutes(),
      [`GET ${modulesPath}`]: () => {
        throw errorResponse(404, 'NOT_FOUND');
      },
    });
    expect(await screen.findByText('Error 2101: Missing units')).toBeInTheDocument();
    expect(screen.getByText(t.modulesFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.retry })).toBeInTheDocument();
  });

  it('without a group shows the content-not-yet-available notice', async () => {
    renderCourse(learnerRoutes([]));
    expect(
      await screen.findByRole('heading', { name: messages.dashboard.noContentTitle }),
    ).toBeInTheDocument();
  });
});
