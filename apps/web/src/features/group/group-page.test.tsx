import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { messages, type Group } from '@medenglish/shared';
import { setCurrentGroupId } from '../../lib/current-group';
import { group, learner, LEARNER_ID, signIn } from '../../test/learner';
import { renderScreen } from '../../test/render';
import { stubApi } from '../../test/stub-api';
import GroupPage from './group-page';

const exam = (overrides: Partial<Group['elearning']['elearningOptions'][number]>) => ({
  examBegin: null,
  examEnd: null,
  modality: null,
  catchUp: false,
  level: 1,
  examSubject: null,
  activityId: null,
  type: 1,
  ...overrides,
});

const S3 = group({
  _id: '00000000-0000-4000-8000-0000000000a3',
  name: 'S3 – Groupe A',
  elearning: {
    elearningDuration: 1200,
    elearningDurationTarget: 80,
    elearningOptions: [
      // Listed earliest first, in Paris time (UTC+2 in May, UTC+1 in January).
      exam({ type: 2, examBegin: '2026-05-20T07:00:00.000Z', examEnd: '2026-05-27T21:59:00.000Z' }),
      exam({
        type: 1,
        examBegin: '2026-01-12T08:00:00.000Z',
        examEnd: '2026-01-12T09:30:00.000Z',
        catchUp: true,
      }),
      // "No written exam" and undated options are not planned exams.
      exam({ type: 0, examBegin: '2026-02-01T08:00:00.000Z' }),
      exam({ type: 1 }),
    ],
    elearningResources: [
      { title: 'Glossary', filename: 'glossary.pdf', thumbnail: null },
      { title: 'Slides', filename: 'slides.ppt', thumbnail: null },
    ],
  },
});
const S1 = group({
  _id: '00000000-0000-4000-8000-0000000000a1',
  name: 'S1 – Groupe A',
  semester: 1,
  level: 2,
  elearning: {
    elearningDuration: null,
    elearningDurationTarget: null,
    elearningOptions: [],
    elearningResources: [],
  },
});

async function renderGroupPage(groups: Group[]) {
  signIn();
  // GET /group/user answers oldest first; the app reverses it (SPEC §7).
  stubApi({
    [`GET /student/${LEARNER_ID}`]: learner(),
    [`GET /group/user/${LEARNER_ID}`]: [...groups].reverse(),
    'GET /time': { now: '2026-01-05T10:00:00.000Z', today: '2026-01-05', timeZone: 'Europe/Paris' },
  });
  renderScreen(<GroupPage />);
}

describe('/group (SPEC §2: the current group of the learner)', () => {
  it("shows the current group's name, semester, level, duration objective, exams and resources", async () => {
    await renderGroupPage([S3, S1]);

    expect(await screen.findByRole('heading', { name: 'S3 – Groupe A' })).toBeInTheDocument();
    expect(screen.getByText(messages.group.semesterValue(3))).toBeInTheDocument();
    expect(screen.getByText(messages.group.levelValue(1))).toBeInTheDocument();

    // 80 % of 20 h is 16 h.
    const objective = screen.getByRole('region', { name: messages.group.objective });
    expect(within(objective).getByText('16h00')).toBeInTheDocument();
    expect(within(objective).getByText(messages.group.objectiveShare(80, '20h00'))).toBeInTheDocument();

    const exams = within(screen.getByRole('region', { name: messages.group.exams })).getAllByRole('listitem');
    expect(exams.map((li) => li.textContent)).toEqual([
      `${messages.group.examTypes[1]}${messages.group.catchUp}${messages.group.examStart('12/01/2026 09:00')} · ${messages.group.examEnd('12/01/2026 10:30')}`,
      `${messages.group.examTypes[2]}${messages.group.examStart('20/05/2026 09:00')} · ${messages.group.examEnd('27/05/2026 23:59')}`,
    ]);

    const resources = screen.getByRole('region', { name: messages.group.resources });
    expect(within(resources).getByText(messages.group.resourcesCount(2))).toBeInTheDocument();
    expect(within(resources).getByRole('link', { name: messages.group.seeResources })).toHaveAttribute(
      'href',
      '/elearning/resources',
    );
  });

  it('follows the group chosen in the header selector', async () => {
    await renderGroupPage([S3, S1]);
    await screen.findByRole('heading', { name: 'S3 – Groupe A' });

    act(() => setCurrentGroupId(S1._id));

    expect(await screen.findByRole('heading', { name: 'S1 – Groupe A' })).toBeInTheDocument();
    expect(screen.getByText(messages.group.semesterValue(1))).toBeInTheDocument();
    expect(screen.getByText(messages.group.levelValue(2))).toBeInTheDocument();
    expect(screen.getByText(messages.group.noObjective)).toBeInTheDocument();
    expect(screen.getByText(messages.group.noExam)).toBeInTheDocument();
    expect(screen.getByText(messages.group.resourcesCount(0))).toBeInTheDocument();
  });

  it('shows "Parcours" for a company path group without semester', async () => {
    await renderGroupPage([
      group({ _id: '00000000-0000-4000-8000-0000000000b1', name: 'Parcours Clinique', semester: null }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Parcours Clinique' })).toBeInTheDocument();
    expect(screen.getByText(messages.group.path)).toBeInTheDocument();
  });

  it('without groups shows the content-not-yet-available notice with a link to /help', async () => {
    await renderGroupPage([]);
    expect(
      await screen.findByRole('heading', { name: messages.dashboard.noContentTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.dashboard.noContentHelp })).toHaveAttribute(
      'href',
      '/help',
    );
  });
});
