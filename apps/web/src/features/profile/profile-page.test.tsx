import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type GlobalResults, type User } from '@medenglish/shared';
import { group, learner, LEARNER_ID, signIn } from '../../test/learner';
import { renderScreen } from '../../test/render';
import { errorResponse, stubApi, type StubbedCall } from '../../test/stub-api';
import ProfilePage from './profile-page';

const S3 = group({ _id: '00000000-0000-4000-8000-0000000000a3', name: 'S3 – Groupe A' });

const results: GlobalResults = [
  [
    {
      unit: {
        _id: '00000000-0000-4000-8000-0000000000f1',
        name: 'Final quiz',
        isFinalQuiz: true,
        isRise: false,
        module: { _id: '00000000-0000-4000-8000-0000000000e1', name: 'Cardiology' },
      },
      verb: 'passed',
      result: { success: true, completion: true, score: { scaled: 0.75, raw: null, max: null } },
      time: 600,
    },
  ],
  {
    elearningTarget: 80,
    elearningDuration: 1200,
    elearningDurationTarget: 80,
    totalUnits: 4,
    progress: null,
  },
];

function stubProfileApi(user: User, { groups = [S3], failNames = false } = {}) {
  let stored = user;
  return stubApi({
    [`GET /student/${LEARNER_ID}`]: () => stored,
    [`GET /group/user/${LEARNER_ID}`]: groups,
    [`GET /results/global/${LEARNER_ID}/${user.email}/${S3._id}`]: results,
    'GET /unittrackers/time/': { seconds: 5400 + 59, todaySeconds: 0 },
    'GET /time': { now: '2026-03-02T10:00:00.000Z', today: '2026-03-02', timeZone: 'Europe/Paris' },
    [`PUT /student/names/${LEARNER_ID}`]: ({ body }: StubbedCall) => {
      if (failNames) throw errorResponse(500);
      stored = { ...stored, ...(body as Partial<User>) };
      return { message: messages.names.updated, user: stored };
    },
  });
}

const field = (label: string) => screen.getByRole('textbox', { name: label });
const editButton = () => screen.getByRole('button', { name: messages.profile.edit });

async function renderProfile(user: User, options?: Parameters<typeof stubProfileApi>[1]) {
  signIn(user);
  const api = stubProfileApi(user, options);
  renderScreen(<ProfilePage />);
  await screen.findByRole('heading', { name: messages.profile.greeting(user.firstname, user.name) });
  return api;
}

describe('/profile (SPEC §2)', () => {
  it('greets with first and last name and shows the names, success rate and connection time', async () => {
    await renderProfile(learner());
    expect(field(messages.profile.firstname)).toHaveValue('Camille');
    expect(field(messages.profile.firstname)).toHaveAttribute('readonly');
    expect(field(messages.profile.lastname)).toHaveValue('MARTIN');

    // Success rate of the global results against the goal (elearningTarget).
    const success = await screen.findByRole('progressbar', { name: messages.progress.successLabel(75, 80) });
    expect(success).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getByText(messages.progress.goal(80))).toBeInTheDocument();

    // Total connection time, whole minutes, linking to the results.
    expect(await screen.findByText('01h30')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.profile.seeResults })).toHaveAttribute(
      'href',
      '/elearning/results',
    );
  });

  it('without groups shows the content-not-yet-available notice with a link to /help', async () => {
    await renderProfile(learner(), { groups: [] });
    expect(await screen.findByText(messages.dashboard.noContentTitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.dashboard.noContentHelp })).toHaveAttribute(
      'href',
      '/help',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('/profile name edit (SPEC §4, §5)', () => {
  it('on toggle capitalises the first name and upper-cases the last name; Cancel restores them', async () => {
    const user = userEvent.setup();
    await renderProfile(learner({ firstname: 'cAMILLE', name: 'martin' }));

    await user.click(editButton());
    expect(field(messages.profile.firstname)).toHaveValue('Camille');
    expect(field(messages.profile.lastname)).toHaveValue('MARTIN');
    expect(field(messages.profile.firstname)).not.toHaveAttribute('readonly');
    expect(field(messages.profile.firstname)).toHaveFocus();

    await user.click(screen.getByRole('button', { name: messages.profile.cancel }));
    expect(field(messages.profile.firstname)).toHaveValue('cAMILLE');
    expect(field(messages.profile.firstname)).toHaveAttribute('readonly');
    expect(editButton()).toHaveFocus();
  });

  it.each(['Camille2', 'Cam!lle', '-Camille'])(
    "refuses %j with 'Certain symbols and numbers are forbidden' and sends nothing",
    async (typed) => {
      const user = userEvent.setup();
      const api = await renderProfile(learner());
      await user.click(editButton());
      await user.clear(field(messages.profile.firstname));
      await user.type(field(messages.profile.firstname), typed);
      await user.click(screen.getByRole('button', { name: messages.profile.save }));

      const input = field(messages.profile.firstname);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription('Certain symbols and numbers are forbidden');
      expect(input).toHaveFocus();
      expect(api.callsTo('PUT', `/student/names/${LEARNER_ID}`)).toHaveLength(0);
    },
  );

  it("sends each changed name once, shows 'Name successfully changed.' and greets with the new name", async () => {
    const user = userEvent.setup();
    const api = await renderProfile(learner());
    await user.click(editButton());
    await user.clear(field(messages.profile.firstname));
    await user.type(field(messages.profile.firstname), 'jean-pierre');
    await user.click(screen.getByRole('button', { name: messages.profile.save }));

    expect(await screen.findByText('Name successfully changed.')).toBeInTheDocument();
    // Only the changed field, capitalised as on toggle (SPEC: first letter upper, rest lower).
    expect(api.callsTo('PUT', `/student/names/${LEARNER_ID}`).map((c) => c.body)).toEqual([
      { firstname: 'Jean-pierre' },
    ]);
    expect(
      await screen.findByRole('heading', { name: messages.profile.greeting('Jean-pierre', 'MARTIN') }),
    ).toBeInTheDocument();
    expect(field(messages.profile.firstname)).toHaveAttribute('readonly');
  });

  it('sends first name and last name as two calls when both changed', async () => {
    const user = userEvent.setup();
    const api = await renderProfile(learner());
    await user.click(editButton());
    await user.clear(field(messages.profile.firstname));
    await user.type(field(messages.profile.firstname), 'zoë');
    await user.clear(field(messages.profile.lastname));
    await user.type(field(messages.profile.lastname), "d'alembert");
    await user.click(screen.getByRole('button', { name: messages.profile.save }));

    expect(await screen.findByText(messages.names.changed)).toBeInTheDocument();
    expect(api.callsTo('PUT', `/student/names/${LEARNER_ID}`).map((c) => c.body)).toEqual([
      { firstname: 'Zoë' },
      { name: "D'ALEMBERT" },
    ]);
  });

  it('keeps the input and says so when the server refuses', async () => {
    const user = userEvent.setup();
    await renderProfile(learner(), { failNames: true });
    await user.click(editButton());
    await user.type(field(messages.profile.lastname), 'x');
    await user.click(screen.getByRole('button', { name: messages.profile.save }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.profile.saveFailed);
    expect(field(messages.profile.lastname)).toHaveValue('MARTINX');
    expect(screen.queryByText(messages.names.changed)).not.toBeInTheDocument();
  });

  it('hides the confirmation after 6000 ms (SPEC §9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await renderProfile(learner());
      await user.click(editButton());
      await user.type(field(messages.profile.lastname), 'e');
      await user.click(screen.getByRole('button', { name: messages.profile.save }));
      const toast = await screen.findByText(messages.names.changed);
      expect(within(toast.closest('[role=status]')!).getByText(messages.names.changed)).toBeVisible();

      await act(async () => vi.advanceTimersByTime(5500));
      expect(screen.getByText(messages.names.changed)).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTime(1500));
      await waitFor(() => expect(screen.queryByText(messages.names.changed)).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });
});
