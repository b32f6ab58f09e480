import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type GlobalResults } from '@medenglish/shared';
import { LEARNER_ID, learner, signIn } from '../../test/learner';
import { errorResponse, stubApi } from '../../test/stub-api';
import ResultsPage from './results-page';
import { courseModule, learnerRoutes, modulesPath, moduleUnit, renderElearning, S3 } from './test-fixtures';

const t = messages.elearning;
const TODAY = '2026-03-10';

const quiz = moduleUnit(3, {
  name: 'History quiz',
  isFinalQuiz: true,
  verb: 'passed',
  result: { completion: true, success: true, score: { scaled: 0.85, raw: null, max: null } },
  time: 900,
});
const history = courseModule({
  progress: 66.7,
  units: [
    moduleUnit(1, { name: 'Greeting the patient', verb: 'completed', result: null, time: 3720 }),
    moduleUnit(2, { name: 'Open questions', time: 120 }),
    quiz,
  ],
});

const globalResults: GlobalResults = [
  [
    {
      unit: { ...quiz.unit, module: { _id: history._id, name: history.name } },
      verb: quiz.verb,
      result: quiz.result,
      time: quiz.time,
    },
  ],
  {
    elearningTarget: 80,
    elearningDuration: 1200,
    elearningDurationTarget: 80,
    totalUnits: 3,
    progress: { completionRate: 33.3, successRate: 85, date: TODAY, time: 80, sec: 4800 },
  },
];

function renderResults(overrides: Record<string, unknown> = {}) {
  signIn();
  const email = learner().email;
  const api = stubApi({
    ...learnerRoutes(),
    'GET /time': { now: `${TODAY}T09:00:00.000Z`, today: TODAY, timeZone: 'Europe/Paris' },
    [`GET /results/global/${LEARNER_ID}/${email}/${S3._id}`]: globalResults,
    [`GET /unittrackers/user/${LEARNER_ID}/${S3._id}`]: { units: [{ unit: quiz.unit._id, time: 4740 }] },
    [`GET /idletracker/user/${LEARNER_ID}/${S3._id}`]: { groupId: S3._id, seconds: 60 },
    [`GET ${modulesPath}`]: [history],
    ...overrides,
  });
  const view = renderElearning('/elearning/results', [
    { path: '/elearning/results', element: <ResultsPage /> },
    { path: '/elearning/course/:module', element: <p>module page</p> },
  ]);
  return { ...view, api };
}

describe('/elearning/results (SPEC §2: summary cards plus an expandable panel per module)', () => {
  it('shows the study time, success rate and completion cards', async () => {
    renderResults();
    expect(
      await screen.findByRole('progressbar', { name: messages.progress.successLabel(85, 80) }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: messages.dashboard.completionLabel(33.3) }),
    ).toBeInTheDocument();
    // 79 min in units + 1 min idle = 1 h 20 of 20 h.
    expect(
      screen.getByRole('progressbar', { name: messages.dashboard.studyTimeLabel('01h20', '20h00', 6.7) }),
    ).toBeInTheDocument();
  });

  it("lists each module's units with status, score, time spent and Go to Unit/Quiz", async () => {
    const user = userEvent.setup();
    const { router } = renderResults();

    const panel = await screen.findByRole('button', { name: new RegExp(history.name) });
    expect(panel).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveTextContent('66,7 %');
    expect(panel.closest('h3')).not.toBeNull();
    await user.click(panel);
    expect(panel).toHaveAttribute('aria-expanded', 'true');

    const rows = within(screen.getByRole('region', { name: new RegExp(history.name) })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(3);
    const [greeting, open, chapterQuiz] = rows.map((row) => within(row));
    expect(greeting!.getByText(t.status.completed)).toBeInTheDocument();
    expect(greeting!.getByText('01h02')).toBeInTheDocument();
    expect(greeting!.getByText(t.results.noScore)).toBeInTheDocument();
    expect(open!.getByText(t.status.inProgress)).toBeInTheDocument();
    expect(open!.getByText('00h02')).toBeInTheDocument();
    expect(greeting!.getByRole('button', { name: 'Go to Unit : Greeting the patient' })).toBeInTheDocument();
    expect(chapterQuiz!.getByText(t.chapterQuiz)).toBeInTheDocument();
    expect(chapterQuiz!.getByText('Réussi · 85 %')).toBeInTheDocument();
    expect(chapterQuiz!.getByText('85 %')).toBeInTheDocument();
    expect(chapterQuiz!.getByText('00h15')).toBeInTheDocument();

    await user.click(chapterQuiz!.getByRole('button', { name: 'Go to Quiz : History quiz' }));
    expect(await screen.findByText('module page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elearning/course/history-taking');
    expect(router.state.location.search).toBe(`?unit=${quiz.unit._id}`);
    expect(router.state.location.state).toEqual({ title: history.name, selectedUnit: quiz.unit._id });
  });

  it('shows toast 2301 when the global results cannot be read', async () => {
    const email = learner().email;
    renderResults({
      [`GET /results/global/${LEARNER_ID}/${email}/${S3._id}`]: () => {
        throw errorResponse(404, 'NOT_FOUND');
      },
    });
    expect(await screen.findByText('Error 2301: Missing global results')).toBeInTheDocument();
  });
});
