import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  messages,
  type Company,
  type GlobalResults,
  type GroupExam,
  type Group,
  type Notification,
  type Survey,
  type User,
} from '@medenglish/shared';
import { group, learner, COMPANY_ID, LEARNER_ID, signIn } from '../../test/learner';
import { renderScreen } from '../../test/render';
import { errorResponse, stubApi } from '../../test/stub-api';
import DashboardPage from './dashboard-page';
import { saveFile } from '../../lib/save-file';

vi.mock('../../lib/save-file', () => ({ saveFile: vi.fn() }));

const t = messages.dashboard;
const TODAY = '2026-03-10';
const S3 = group({ _id: '00000000-0000-4000-8000-0000000000a3', name: 'S3 – Groupe A' });
const MODULE = { _id: '00000000-0000-4000-8000-0000000000e1', name: 'Cardiology' };
const SURVEY_ID = '00000000-0000-4000-8000-0000000000d1';

const company = (overrides: Partial<Company> = {}): Company => ({
  _id: COMPANY_ID,
  name: 'Université Démo',
  type: 1,
  isCompany: false,
  activatedEvaluo: false,
  loginBlocked: false,
  idGroups: [],
  ...overrides,
});

const unit = (n: number, isFinalQuiz: boolean) => ({
  _id: `00000000-0000-4000-8000-0000000000f${n}`,
  name: `Unit ${n}`,
  isFinalQuiz,
  isRise: false,
  module: MODULE,
});

/** One final quiz at 75 % and one completed lesson, out of 4 units; goal 80. */
const results = (progress: GlobalResults[1]['progress'] = null): GlobalResults => [
  [
    {
      unit: unit(1, true),
      verb: 'passed',
      result: { success: true, completion: true, score: { scaled: 0.75, raw: null, max: null } },
      time: 600,
    },
    {
      unit: unit(2, false),
      verb: 'completed',
      result: { success: null, completion: true, score: null },
      time: 60,
    },
  ],
  { elearningTarget: 80, elearningDuration: 1200, elearningDurationTarget: 80, totalUnits: 4, progress },
];
const storedToday = { completionRate: 50, successRate: 75, date: TODAY, time: 180, sec: 10_800 };

const exam = (groupName: string, examBegin: string, extra: Partial<GroupExam['exam']> = {}): GroupExam => ({
  groupId: S3._id,
  groupName,
  semester: 3,
  exam: {
    examBegin,
    examEnd: null,
    modality: 'Écrit en ligne',
    catchUp: false,
    level: 1,
    examSubject: null,
    activityId: null,
    type: 2,
    ...extra,
  },
});

interface Setup {
  user?: User;
  company?: Company;
  groups?: Group[];
  exams?: GroupExam[];
  survey?: Survey | null;
  fail?: string[];
  notifications?: Notification[];
  extraRoutes?: Record<string, unknown>;
  progress?: GlobalResults[1]['progress'];
}

function stubDashboard({
  user = learner(),
  company: theCompany = company(),
  groups = [S3],
  exams = [],
  survey = null,
  fail = [],
  notifications = [],
  extraRoutes = {},
  progress = storedToday,
}: Setup = {}) {
  const g = groups[0]?._id ?? 'none';
  const routes: Record<string, unknown> = {
    [`GET /student/${LEARNER_ID}`]: user,
    [`GET /company/${COMPANY_ID}`]: theCompany,
    [`GET /companyData/${COMPANY_ID}`]: {
      _id: '00000000-0000-4000-8000-0000000000b1',
      company: COMPANY_ID,
      semesters: [
        { semester: 3, beginDate: '2026-01-05', endDate: '2026-06-30', catchUpDate: null },
        { semester: 4, beginDate: '2026-09-01', endDate: '2027-01-31', catchUpDate: null },
      ],
    },
    [`GET /group/user/${LEARNER_ID}`]: groups,
    'GET /time': { now: `${TODAY}T09:00:00.000Z`, today: TODAY, timeZone: 'Europe/Paris' },
    [`GET /group/exam/${LEARNER_ID}`]: exams,
    // 2 h 30 in units and 30 min elsewhere in the group.
    [`GET /unittrackers/user/${LEARNER_ID}/${g}`]: { units: [{ unit: unit(1, true)._id, time: 9000 }] },
    [`GET /idletracker/user/${LEARNER_ID}/${g}`]: { groupId: g, seconds: 1800 },
    [`GET /results/global/${LEARNER_ID}/${user.email}/${g}`]: results(progress),
    [`POST /progresstrackers/${LEARNER_ID}`]: storedToday,
    [`GET /unittrackers/latest/${LEARNER_ID}/${g}`]: {
      module: MODULE,
      unit: { _id: unit(1, true)._id, name: 'Heart failure', isFinalQuiz: false },
      at: `${TODAY}T08:00:00.000Z`,
    },
    'GET /funfact': [
      { _id: '00000000-0000-4000-8000-000000000101', body: 'The heart beats about 100,000 times a day.' },
    ],
    [`GET /notifications/custom/${LEARNER_ID}/${COMPANY_ID}/Student`]: notifications,
    [`GET /survey/single/${LEARNER_ID}/Students/${user.semester ?? 0}/${COMPANY_ID}`]: survey,
    [`PUT /survey/${SURVEY_ID}`]: survey,
    [`PUT /survey/later/${SURVEY_ID}`]: survey && { ...survey, laterUntil: '2026-03-20' },
    [`PUT /student/satisfaction/${LEARNER_ID}`]: { satisfaction: true, at: TODAY },
    [`GET /googlestorage/files/distribution/${COMPANY_ID}/${g}`]: [
      { id: 'dist-1', name: 'Répartition S3.pdf', createdTime: '2026-02-01T10:00:00.000Z' },
    ],
    [`GET /googlestorage/files/meeting/${COMPANY_ID}/${g}`]: [],
  };
  for (const prefix of fail) {
    for (const key of Object.keys(routes)) {
      if (key.startsWith(prefix))
        routes[key] = () => {
          throw errorResponse(404, 'NOT_FOUND');
        };
    }
  }
  Object.assign(routes, extraRoutes);
  signIn(user);
  const api = stubApi(routes);
  return { ...api, ...renderScreen(<DashboardPage />) };
}

const card = (name: string) => screen.findByRole('region', { name });

describe('/dashboard (SPEC §2)', () => {
  beforeEach(() => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });

  it('greets by the server date and shows the results figures of SPEC §9', async () => {
    stubDashboard();
    // A skeleton, not a spinner, until the learner and their groups are known.
    expect(screen.getByRole('status')).toHaveTextContent(messages.common.loading);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Bonjour Camille\u00a0!' })).toBeInTheDocument();

    // (150 + 30) min / 1200 min = 15 %; objective 80 % of 20 h = 16 h.
    const time = within(await card(t.studyTimeCard));
    const timeCircle = await time.findByRole('progressbar', { name: t.studyTimeLabel('03h00', '20h00', 15) });
    expect(timeCircle).toHaveAttribute('aria-valuenow', '15');
    expect(time.getByText('03h00 / 20h00')).toBeInTheDocument();
    expect(time.getByText(`${t.objective(80)} (16h00)`)).toBeInTheDocument();

    // One final quiz at 75 %, goal 80; 2 units completed out of 4.
    const success = within(await card(t.successCard));
    expect(
      await success.findByRole('progressbar', { name: messages.progress.successLabel(75, 80) }),
    ).toHaveAttribute('aria-valuenow', '75');
    expect(success.getByText(messages.progress.goal(80))).toBeInTheDocument();
    const completion = within(await card(t.completionCard));
    expect(await completion.findByRole('progressbar', { name: t.completionLabel(50) })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
  });

  it('shows the semester and its dates, the last activity, the fact, the group files and no notification', async () => {
    const api = stubDashboard();
    const semester = within(await card(t.semesterCard));
    expect(semester.getByRole('tab', { name: t.semestersTab })).toHaveAttribute('aria-selected', 'true');
    expect(await semester.findByText(t.semesterName(3))).toBeInTheDocument();
    expect(semester.getByText('05/01/2026')).toBeInTheDocument();
    expect(semester.getByText('30/06/2026')).toBeInTheDocument();

    const activity = within(await card(t.lastActivityCard));
    expect(await activity.findByRole('link', { name: t.continueLabel('Heart failure') })).toHaveAttribute(
      'href',
      `/elearning/course/${MODULE._id}`,
    );

    expect(await screen.findByText('The heart beats about 100,000 times a day.')).toBeInTheDocument();

    const groupCard = within(await card(t.groupCard));
    expect(groupCard.getByText(S3.name)).toBeInTheDocument();
    expect(await groupCard.findByText('Répartition S3.pdf')).toBeInTheDocument();
    expect(await groupCard.findByText(t.noFile)).toBeInTheDocument();

    expect(await screen.findAllByText(t.noNotification)).toHaveLength(2);
    expect(screen.queryByRole('region', { name: t.evaluoCard })).not.toBeInTheDocument();
    // The stored progress is today's: nothing to recompute.
    expect(api.callsTo('POST', `/progresstrackers/${LEARNER_ID}`)).toHaveLength(0);
  });

  it('recomputes the progress when the stored date is missing or differs (SPEC §9)', async () => {
    const api = stubDashboard({ progress: { ...storedToday, date: '2026-03-09' } });
    await waitFor(() => expect(api.callsTo('POST', `/progresstrackers/${LEARNER_ID}`)).toHaveLength(1));
    expect(api.callsTo('POST', `/progresstrackers/${LEARNER_ID}`)[0]!.body).toMatchObject({
      groupId: S3._id,
      progress: { date: TODAY, completionRate: 50, successRate: 75 },
    });
  });

  it('switches to the Exams tab when upcoming exams exist, at most 3 sorted by date', async () => {
    stubDashboard({
      exams: [
        exam('S3 – Groupe A', '2026-03-24T13:00:00.000Z'),
        exam('S3 – Groupe A (oral)', '2026-03-20T08:00:00.000Z'),
        exam('Today', `${TODAY}T16:00:00.000Z`),
        exam('Level 2', '2026-03-21T08:00:00.000Z', { level: 2 }),
        exam('Later 1', '2026-04-01T08:00:00.000Z'),
        exam('Later 2', '2026-04-02T08:00:00.000Z'),
      ],
    });
    const semester = within(await card(t.semesterCard));
    const examsTab = await semester.findByRole('tab', { name: `${t.examsTab} (${t.upcomingExamsCount(3)})` });
    await waitFor(() => expect(examsTab).toHaveAttribute('aria-selected', 'true'));
    const items = semester.getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('20/03/2026 09:00'),
      expect.stringContaining('24/03/2026 14:00'),
      expect.stringContaining('01/04/2026 10:00'),
    ]);
    expect(items[0]).toHaveTextContent('S3 – Groupe A (oral)');
    expect(items[0]).toHaveTextContent('Écrit en ligne');
    expect(semester.getByRole('link', { name: t.examLink })).toHaveAttribute('href', '/elearning/exam');

    // The learner may still go back to the calendar.
    await userEvent.setup().click(semester.getByRole('tab', { name: t.semestersTab }));
    expect(await semester.findByText(t.semesterName(3))).toBeInTheDocument();
  });

  it('shows the time spent alone at 100 % and no objective for a group without a duration (SPEC §9)', async () => {
    const noDuration = group({
      _id: S3._id,
      name: S3.name,
      elearning: { ...S3.elearning, elearningDuration: null, elearningDurationTarget: null },
    });
    stubDashboard({ groups: [noDuration] });
    const time = within(await card(t.studyTimeCard));
    const circle = await time.findByRole('progressbar', { name: t.studyTimeLabel('03h00', null, 100) });
    expect(circle).toHaveAttribute('aria-valuenow', '100');
    expect(circle).toHaveAccessibleName('Temps de formation : 03h00, soit 100 %');
    expect(time.getByText('03h00')).toBeInTheDocument();
    expect(time.queryByText(/00h00/)).not.toBeInTheDocument();
    expect(time.getByText(messages.group.noObjective)).toBeInTheDocument();
    expect(time.queryByText(/Objectif/)).not.toBeInTheDocument();
  });

  it('says "not set" rather than 00h00 for a path without a duration', async () => {
    const path = group({
      _id: S3._id,
      name: 'Parcours Clinique',
      semester: null,
      elearning: { ...S3.elearning, elearningDuration: null },
    });
    stubDashboard({
      user: learner({ semester: null, catchUp: [] }),
      company: company({ isCompany: true }),
      groups: [path],
    });
    const course = within(await card(t.courseCard));
    expect(course.getByText(t.noCourseDuration)).toBeInTheDocument();
    expect(course.queryByText('00h00')).not.toBeInTheDocument();
  });

  it('shows the Course tab with the path and its duration for a company, and the Evaluo card', async () => {
    const path = group({ _id: S3._id, name: 'Parcours Clinique', semester: null });
    stubDashboard({
      user: learner({ semester: null, catchUp: [] }),
      company: company({ isCompany: true, activatedEvaluo: true }),
      groups: [path],
    });
    const course = within(await card(t.courseCard));
    expect(course.getByRole('tab', { name: t.courseTab })).toHaveAttribute('aria-selected', 'true');
    expect(course.getByText('Parcours Clinique')).toBeInTheDocument();
    expect(course.getByText('20h00')).toBeInTheDocument();
    expect(
      course.getByRole('tab', { name: `${t.examsTab} (${t.upcomingExamsCount(0)})` }),
    ).toBeInTheDocument();
    const evaluo = within(await card(t.evaluoCard));
    expect(evaluo.getByRole('link', { name: t.evaluoLink })).toHaveAttribute('href', '/evaluo');
    // No group card: a path has no semester.
    expect(screen.queryByRole('region', { name: t.groupCard })).not.toBeInTheDocument();
  });

  it('shows the latest notification and the list, newest first', async () => {
    const note = (n: number, day: string) => ({
      id: `00000000-0000-4000-8000-00000000020${n}`,
      message: `Message ${n}`,
      created_at: `${day}T10:00:00.000Z`,
      range: 'Student' as const,
    });
    stubDashboard({ notifications: [note(1, '2026-03-01'), note(2, '2026-03-08'), note(3, '2026-02-15')] });
    const latest = within(await card(t.latestNotificationCard));
    expect(await latest.findByText('Message 2')).toBeInTheDocument();
    expect(latest.getByText('08/03/2026')).toBeInTheDocument();
    const list = within(await card(t.notificationsCard));
    const items = await list.findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Message 208/03/2026',
      'Message 101/03/2026',
      'Message 315/02/2026',
    ]);
    expect(list.queryByRole('button', { name: t.allNotifications(3) })).not.toBeInTheDocument();
  });

  it('shows three whole notifications, then all of them on demand', async () => {
    const note = (n: number) => ({
      id: `00000000-0000-4000-8000-00000000021${n}`,
      message: `Message ${n}`,
      created_at: `2026-03-0${n}T10:00:00.000Z`,
      range: 'Student' as const,
    });
    stubDashboard({ notifications: [1, 2, 3, 4, 5].map(note) });
    const list = within(await card(t.notificationsCard));
    expect(await list.findAllByRole('listitem')).toHaveLength(3);
    const more = list.getByRole('button', { name: t.allNotifications(5) });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(more);
    expect(list.getAllByRole('listitem').map((i) => i.textContent?.slice(0, 9))).toEqual([
      'Message 5',
      'Message 4',
      'Message 3',
      'Message 2',
      'Message 1',
    ]);
    expect(list.getByRole('button', { name: t.fewerNotifications })).toHaveAttribute('aria-expanded', 'true');
  });

  it('asks for the survey until it is answered, then records it', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const survey = {
      _id: SURVEY_ID,
      surveyLink: 'https://survey.example.org/s/42',
      title: 'Satisfaction 2026',
      usersDone: [],
      laterUntil: null,
    };
    const api = stubDashboard({ survey });
    const dialog = await screen.findByRole('dialog', { name: 'Satisfaction 2026' });
    expect(dialog).toHaveAccessibleDescription(t.surveyText);
    // The focus starts on "later": a stray Enter does not open an external tab.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: t.surveyLater })).toHaveFocus());

    await userEvent.setup().click(within(dialog).getByRole('button', { name: new RegExp(t.surveyAnswer) }));
    expect(open).toHaveBeenCalledWith(survey.surveyLink, '_blank', 'noopener,noreferrer');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('PUT', `/student/satisfaction/${LEARNER_ID}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/survey/${SURVEY_ID}`)[0]!.body).toEqual({ usersDone: [LEARNER_ID] });
    expect(api.callsTo('PUT', `/student/satisfaction/${LEARNER_ID}`)[0]!.body).toEqual({
      surveyId: SURVEY_ID,
    });
  });

  it('does not ask for a survey already answered', async () => {
    stubDashboard({
      survey: {
        _id: SURVEY_ID,
        surveyLink: 'https://survey.example.org/s/42',
        title: 'S',
        usersDone: [LEARNER_ID],
        laterUntil: null,
      },
    });
    await card(t.studyTimeCard);
    await screen.findAllByText(t.noNotification);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('puts the survey off with "later", on the server and for the session', async () => {
    const survey = {
      _id: SURVEY_ID,
      surveyLink: 'https://survey.example.org/s/42',
      title: 'S',
      usersDone: [],
      laterUntil: null,
    };
    const first = stubDashboard({ survey });
    const dialog = await screen.findByRole('dialog', { name: 'S' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: t.surveyLater }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(first.callsTo('PUT', `/survey/${SURVEY_ID}`)).toHaveLength(0);
    await waitFor(() => expect(first.callsTo('PUT', `/survey/later/${SURVEY_ID}`)).toHaveLength(1));

    // Back on the dashboard in the same session: not asked again.
    first.unmount();
    stubDashboard({ survey });
    await card(t.studyTimeCard);
    await screen.findAllByText(t.noNotification);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not ask for a survey the learner put off on the server', async () => {
    stubDashboard({
      survey: {
        _id: SURVEY_ID,
        surveyLink: 'https://survey.example.org/s/42',
        title: 'S',
        usersDone: [],
        laterUntil: '2026-03-20',
      },
    });
    await card(t.studyTimeCard);
    await screen.findAllByText(t.noNotification);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows another medical fact on demand, from the server or else from the cached list', async () => {
    const [a, b] = ['101', '102'].map((n) => ({
      _id: `00000000-0000-4000-8000-000000000${n}`,
      body: `Fact ${n}`,
    }));
    stubDashboard({
      extraRoutes: {
        'GET /funfact': [a, b],
        [`GET /funfact/random/${a!._id}`]: { _id: '00000000-0000-4000-8000-000000000103', body: 'Fact 103' },
      },
    });
    const fact = within(await card(t.factCard));
    expect(await fact.findByText('Fact 101')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(fact.getByRole('button', { name: t.anotherFact }));
    expect(await fact.findByText('Fact 103')).toBeInTheDocument();
    // GET /funfact/random/{103} fails (404 here): another fact of the cached list.
    await user.click(fact.getByText('Fact 103'));
    expect(await fact.findByText('Fact 101')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('medenglish.funFacts')!)).toEqual([a, b]);
  });

  it('downloads a group file through the link the server gives', async () => {
    const api = stubDashboard({
      extraRoutes: { 'POST /googlestorage/download': { url: '/media/signed/dist-1' } },
    });
    const groupCard = within(await card(t.groupCard));
    await userEvent
      .setup()
      .click(await groupCard.findByRole('button', { name: t.download('Répartition S3.pdf') }));
    await waitFor(() => expect(api.callsTo('POST', '/googlestorage/download')).toHaveLength(1));
    expect(api.callsTo('POST', '/googlestorage/download')[0]!.body).toEqual({ filename: 'dist-1' });
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith('/media/signed/dist-1', expect.any(String)));
  });

  it('starts a download once however often the button is pressed meanwhile', async () => {
    const api = stubDashboard({
      extraRoutes: { 'POST /googlestorage/download': { url: '/media/signed/dist-1' } },
    });
    const groupCard = within(await card(t.groupCard));
    const button = await groupCard.findByRole('button', { name: t.download('Répartition S3.pdf') });
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(saveFile).toHaveBeenCalledOnce());
    expect(api.callsTo('POST', '/googlestorage/download')).toHaveLength(1);
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'false'));
    // Done: the next press downloads again.
    fireEvent.click(button);
    await waitFor(() => expect(api.callsTo('POST', '/googlestorage/download')).toHaveLength(2));
  });

  it('shows the "content not yet available" notice without groups', async () => {
    stubDashboard({ groups: [] });
    expect(await screen.findByRole('heading', { name: t.noContentTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.noContentHelp })).toHaveAttribute('href', '/help');
  });
});

describe('/dashboard failures (SPEC §8)', () => {
  // The toasts are a lazy chunk: load it once, so that the first toast is not late.
  beforeAll(async () => {
    await import('../../components/toast-view');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(
    'greets and shows the semester by the browser day when GET /time fails',
    { timeout: 15_000 },
    async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(`${TODAY}T09:00:00.000Z`));
      vi.spyOn(Math, 'random').mockReturnValue(0);
      const api = stubDashboard({
        extraRoutes: {
          'GET /time': () => {
            throw errorResponse(503, 'INTERNAL');
          },
        },
      });
      // After its retries (about 2 s), the day shown is the browser's in the display time zone.
      expect(
        await screen.findByRole('heading', { name: 'Bonjour Camille\u00a0!' }, { timeout: 8000 }),
      ).toBeInTheDocument();
      const semester = within(await card(t.semesterCard));
      expect(await semester.findByText(t.semesterName(3))).toBeInTheDocument();
      expect(semester.getByText('05/01/2026')).toBeInTheDocument();
      expect(api.callsTo('GET', '/time').length).toBeGreaterThanOrEqual(3);
      // Display only: no progress is recomputed from the browser's day.
      expect(api.callsTo('POST', `/progresstrackers/${LEARNER_ID}`)).toHaveLength(0);
    },
  );

  it('shows an error with a retry, not "content not yet available", when the groups cannot be read', async () => {
    let attempts = 0;
    stubDashboard({
      extraRoutes: {
        [`GET /group/user/${LEARNER_ID}`]: () => {
          attempts += 1;
          // The query's own retry fails too; the learner's retry succeeds.
          if (attempts <= 2) throw errorResponse(500, 'INTERNAL');
          return [S3];
        },
      },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent(t.loadFailed);
    expect(screen.queryByRole('heading', { name: t.noContentTitle })).not.toBeInTheDocument();

    await userEvent.setup().click(within(alert).getByRole('button', { name: t.retry }));
    expect(await card(t.studyTimeCard)).toBeInTheDocument();
    expect(screen.queryByText(t.loadFailed)).not.toBeInTheDocument();
  });

  it('shows the same error when the learner cannot be read', async () => {
    stubDashboard({ fail: [`GET /student/${LEARNER_ID}`] });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.loadFailed);
    expect(screen.getByRole('button', { name: t.retry })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: t.noContentTitle })).not.toBeInTheDocument();
  });

  it('2301 when the global results fail: 0 % and the default goal', async () => {
    stubDashboard({ fail: ['GET /results/global'] });
    expect(await screen.findByText('Error 2301: Missing global results')).toBeInTheDocument();
    const success = within(await card(t.successCard));
    expect(
      await success.findByRole('progressbar', { name: messages.progress.successLabel(0, 100) }),
    ).toBeInTheDocument();
  });

  it('2701 when the tracker fails: 00h00 / 00h00 with 0 progress', async () => {
    stubDashboard({ fail: ['GET /unittrackers/user'] });
    expect(await screen.findByText('Error 2701: Missing total progress data')).toBeInTheDocument();
    const time = within(await card(t.studyTimeCard));
    expect(await time.findByText('00h00 / 00h00')).toBeInTheDocument();
    expect(time.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('1401 when the idle tracker fails: the time of the units alone', async () => {
    stubDashboard({ fail: ['GET /idletracker'] });
    expect(await screen.findByText('Error 1401: Missing idle tracker')).toBeInTheDocument();
    const time = within(await card(t.studyTimeCard));
    expect(await time.findByText('02h30 / 20h00')).toBeInTheDocument();
  });

  it('1301 when the last activity fails, and the course can still be started', async () => {
    stubDashboard({ fail: ['GET /unittrackers/latest'] });
    expect(await screen.findByText('Error 1301: Missing last activity')).toBeInTheDocument();
    const activity = within(await card(t.lastActivityCard));
    expect(activity.getByRole('link', { name: t.startCourse })).toHaveAttribute('href', '/elearning/course');
  });

  it('1201 when no medical fact can be read', async () => {
    stubDashboard({ fail: ['GET /funfact'] });
    expect(await screen.findByText('Error 1201: Missing medical facts data')).toBeInTheDocument();
    expect(within(await card(t.factCard)).getByText(t.noFact)).toBeInTheDocument();
  });
});
