import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type PlacementPartProgress, type PlacementProgress } from '@medenglish/shared';
import { ApiError, networkFailure } from '../../lib/api-error';
import * as logoutModule from '../../lib/logout';
import { startSession } from '../../lib/session';
import { readStorage, storageKeys } from '../../lib/storage';
import { renderScreen } from '../../test/render';
import * as placementApi from './placement-api';
import { writePlacementSession } from './placement-session';
import PlacementPage from './placement-page';
import { fillblank, mcq, ordering, placementTestOf, tof } from '../../components/questions/test-fixtures';

vi.mock('./placement-api', () => ({
  initPlacementTest: vi.fn(),
  saveAnswers: vi.fn(),
  recordAudioPlay: vi.fn(),
}));
vi.mock('../../lib/logout', () => ({ logout: vi.fn(async () => {}) }));
const initPlacementTest = vi.mocked(placementApi.initPlacementTest);
const saveAnswers = vi.mocked(placementApi.saveAnswers);
const logout = vi.mocked(logoutModule.logout);

const USER_ID = '00000000-0000-4000-8000-000000000042';
const saved = (question: string, answerIndex: number[], fakeIndex: number[] | null = null) => ({
  question,
  answerIndex,
  fakeIndex,
  created_at: '2026-01-10T10:00:00.000Z',
});
const progress = (answered: number, extra: Partial<PlacementProgress> = {}): PlacementProgress => ({
  testId: placementTestOf().testId,
  answered,
  total: 4,
  next: null,
  progress: null,
  testFinish: false,
  scores: null,
  level: null,
  ...extra,
});

const button = (name: string) => screen.getByRole('button', { name });
const questionHeading = () => screen.findByRole('heading', { level: 2 });
const partAt = (part: 'KN' | 'RC' | 'OC', number: number, answered: number, total: number) =>
  ({ part, number, answered, total }) satisfies PlacementPartProgress;
/** The whole test's bar, as MUI rounds it. */
const bar = () => screen.getByRole('progressbar', { name: messages.placement.testProgress });
/** A listening question on the same recording as `ordering`. */
const sameClip = {
  ...mcq,
  _id: '00000000-0000-4000-8000-0000000000a5',
  category: 'OC' as const,
  name: 'Where is the patient going?',
  media: ordering.media,
};

describe('placement test flow (SPEC §2 /test, §4)', () => {
  beforeEach(() => {
    initPlacementTest.mockReset();
    saveAnswers.mockReset();
    logout.mockClear();
    vi.spyOn(window.HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    startSession(
      { token: 't', refreshToken: 'r', _id: USER_ID, codeId: null, testId: null, testFinish: false },
      'nouveau.demo@demo-univ.fr',
      'session',
    );
  });

  it('resumes at the count of answered questions and sends all answers so far', async () => {
    initPlacementTest.mockResolvedValue(
      placementTestOf({ answers: [saved(mcq._id, [0])], progress: partAt('RC', 2, 0, 1) }),
    );
    saveAnswers.mockResolvedValue(progress(2, { next: fillblank, progress: partAt('KN', 1, 1, 2) }));
    const user = userEvent.setup();
    renderScreen(<PlacementPage />);

    // Intro: the three parts with their descriptions, and Resume since an answer exists.
    expect(await screen.findByText('Recordings of consultations.')).toBeInTheDocument();
    await user.click(button(messages.placement.resume));

    const heading = await questionHeading();
    expect(heading).toHaveTextContent(tof.name);
    expect(heading).toHaveFocus();
    expect(screen.getByText(messages.placement.counter(1, 1))).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Discharge letter' })).toHaveTextContent(
      'Take them with food.',
    );
    expect(button(messages.placement.submit)).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'False' }));
    await user.click(button(messages.placement.submit));

    expect(saveAnswers).toHaveBeenCalledWith(placementTestOf().testId, [
      { question: mcq._id, answerIndex: [0] },
      { question: tof._id, answerIndex: [1] },
    ]);
    expect(await questionHeading()).toHaveTextContent(messages.placement.blanksHelp(2));
    expect(JSON.parse(readStorage(storageKeys.placement, 'session')!)).toMatchObject({
      stage: 'questions',
      index: 2,
    });
  });

  it('counts by part, with a total that stays while the part lasts, and says when a part is complete', async () => {
    initPlacementTest.mockResolvedValue(
      placementTestOf({
        questions: [mcq, fillblank],
        answers: [saved(mcq._id, [0])],
        // Knowledge could have 30 questions; the test's own total is not the counter's any more.
        total: 61,
        parts: { KN: 30, RC: 15, OC: 16 },
        progress: partAt('KN', 1, 1, 30),
      }),
    );
    saveAnswers
      // Knowledge stops early, after 2 of its 30: the next question is the first of reading.
      .mockResolvedValueOnce(progress(2, { total: 33, next: tof, progress: partAt('RC', 2, 0, 15) }))
      .mockResolvedValueOnce(progress(3, { total: 33, next: ordering, progress: partAt('RC', 2, 1, 15) }));
    writePlacementSession({ stage: 'questions' });
    const user = userEvent.setup();
    renderScreen(<PlacementPage />);

    expect(await questionHeading()).toHaveTextContent(messages.placement.blanksHelp(2));
    expect(screen.getByText('Question : 2 / 30')).toBeInTheDocument();
    expect(screen.getByText('Partie 1 / 3')).toBeInTheDocument();
    expect(screen.getByText(messages.placement.parts.KN!)).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuenow', String(Math.round(((1 / 30) * 100) / 3)));
    const status = screen.getAllByRole('status').find((s) => s.closest('form') === null)!;
    expect(status).toBeEmptyDOMElement();

    await user.click(screen.getByRole('button', { name: 'roll up' }));
    await user.click(screen.getByRole('button', { name: 'measure' }));
    await user.click(button(messages.placement.submit));

    // A new part: its first question, out of its own most, and the word that part 1 is complete,
    // in the live region that was already there (screen readers announce it).
    expect(await questionHeading()).toHaveTextContent(tof.name);
    expect(screen.getByText('Question : 1 / 15')).toBeInTheDocument();
    expect(screen.getByText('Partie 2 / 3')).toBeInTheDocument();
    expect(status).toHaveTextContent('Partie 1 terminée. Partie 2 : Compréhension écrite.');
    expect(bar()).toHaveAttribute('aria-valuenow', '33');

    await user.click(screen.getByRole('radio', { name: 'True' }));
    await user.click(button(messages.placement.submit));
    expect(await screen.findByText('Question : 2 / 15')).toBeInTheDocument();
    expect(status).toBeEmptyDOMElement();
    expect(bar()).toHaveAttribute('aria-valuenow', String(Math.round(((1 + 1 / 15) / 3) * 100)));
  });

  it('spends no listen when the answer is submitted while the recording plays', async () => {
    vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(async () => {});
    initPlacementTest.mockResolvedValue(
      placementTestOf({
        questions: [ordering],
        answers: [],
        progress: partAt('OC', 3, 0, 2),
      }),
    );
    saveAnswers.mockResolvedValueOnce(progress(1, { next: sameClip, progress: partAt('OC', 3, 1, 2) }));
    writePlacementSession({ stage: 'questions' });
    const user = userEvent.setup();
    renderScreen(<PlacementPage />);

    await user.click(await screen.findByRole('button', { name: messages.placement.playAudio }));
    expect(screen.getByRole('button', { name: messages.placement.playing })).toBeInTheDocument();
    document.querySelector('audio')!.currentTime = 6;
    await user.click(button(messages.placement.moveUp('The nurse')));
    await user.click(button(messages.placement.submit));

    // The next question on the same recording: both listens left, and the play goes on from 6 s.
    expect(await questionHeading()).toHaveTextContent(sameClip.name);
    expect(placementApi.recordAudioPlay).not.toHaveBeenCalled();
    expect(screen.getByText(messages.placement.playsLeft(2))).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: messages.placement.resumeAudio }));
    expect(document.querySelector('audio')!.currentTime).toBe(6);
    expect(placementApi.recordAudioPlay).not.toHaveBeenCalled();
  });

  it('shows the results after the last answer, then the tutorial, then the platform', async () => {
    initPlacementTest.mockResolvedValue(
      placementTestOf({
        answers: [saved(mcq._id, [0]), saved(tof._id, [1]), saved(fillblank._id, [1, 2], [0, 3])],
      }),
    );
    saveAnswers.mockResolvedValue(
      progress(4, {
        testFinish: true,
        scores: { scoreKN: 7.5, scoreRC: 6, scoreOC: 5.25, total: 6.4 },
        level: 'B1.7',
      }),
    );
    // Reloaded in the middle of the questions: straight back to the question, no intro.
    writePlacementSession({ stage: 'questions', index: 1 });
    const user = userEvent.setup();
    renderScreen(<PlacementPage />);

    expect(await questionHeading()).toHaveTextContent(ordering.name);
    await user.click(button(messages.placement.moveUp('The nurse')));
    await user.click(button(messages.placement.moveDown('every four hours')));
    await user.click(button(messages.placement.submit));

    expect(saveAnswers.mock.calls[0]![1]).toEqual([
      { question: mcq._id, answerIndex: [0] },
      { question: tof._id, answerIndex: [1] },
      { question: fillblank._id, answerIndex: [1, 2], fakeIndex: [0, 3] },
      { question: ordering._id, answerIndex: [1, 2, 0] },
    ]);
    // First of all, the word that the test is complete; it has the focus, so it is read first.
    const complete = await screen.findByText(messages.placement.testComplete);
    expect(complete.closest('[role="status"]')).toHaveFocus();
    expect(screen.getByRole('heading', { name: messages.placement.resultsTitle })).toBeInTheDocument();
    expect(
      complete.compareDocumentPosition(
        screen.getByRole('heading', { name: messages.placement.resultsTitle }),
      ) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const results = within(document.querySelector('dl')!);
    for (const key of ['KN', 'RC', 'OC', 'total']) {
      expect(results.getByText(messages.placement.results[key]!).tagName).toBe('DT');
    }
    expect(results.getByText('7,5 / 10')).toBeInTheDocument();
    expect(results.getByText('5,3 / 10')).toBeInTheDocument();
    expect(results.getByText('6,4 / 10')).toBeInTheDocument();
    expect(screen.getByText(messages.placement.levelLabel('B1.7'))).toBeInTheDocument();
    expect(readStorage(storageKeys.placement, 'session')).toContain('"stage":"results"');

    await user.click(button(messages.placement.continue));
    expect(screen.getByRole('heading', { name: messages.placement.tutorialTitle(1, 3) })).toBeInTheDocument();
    const video = document.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/media/resources/video/tutorial-1.mp4');
    expect(video).toHaveAttribute('poster', '/media/resources/video/tutorial-1.jpg');
    expect(video.querySelector('track')).toHaveAttribute('srclang', 'fr');
    await user.click(button(messages.placement.tutorialNext));
    await user.click(button(messages.placement.tutorialNext));
    expect(screen.getByRole('heading', { name: messages.placement.tutorialTitle(3, 3) })).toBeInTheDocument();
    await user.click(button(messages.placement.tutorialDone));

    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(readStorage(storageKeys.placement, 'session')).toBeNull();
  });

  it('logs out with the blocked-company message on 403 COMPANY_BLOCKED', async () => {
    initPlacementTest.mockResolvedValue(placementTestOf());
    saveAnswers.mockRejectedValue(new ApiError(403, 'COMPANY_BLOCKED', messages.login.companyBlocked));
    writePlacementSession({ stage: 'questions' });
    const user = userEvent.setup();
    renderScreen(<PlacementPage />);

    await user.click(await screen.findByRole('radio', { name: 'admitted' }));
    await user.click(button(messages.placement.submit));

    await waitFor(() => expect(logout).toHaveBeenCalledWith({ reason: 'companyBlocked' }));
  });

  it('keeps the answer when the network fails, and saves it on the next try', async () => {
    initPlacementTest.mockResolvedValue(placementTestOf());
    saveAnswers.mockRejectedValueOnce(networkFailure()).mockResolvedValueOnce(progress(1));
    writePlacementSession({ stage: 'questions' });
    const user = userEvent.setup();
    renderScreen(<PlacementPage />);

    await user.click(await screen.findByRole('radio', { name: 'admit' }));
    await user.click(button(messages.placement.submit));

    expect(await screen.findByText(messages.placement.saveFailed)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'admit' })).toBeChecked();
    // The unsaved answer also survives a reload of the tab.
    expect(readStorage(storageKeys.placement, 'session')).toContain(`"question":"${mcq._id}"`);

    await user.click(button(messages.placement.submit));
    expect(await questionHeading()).toHaveTextContent(tof.name);
    expect(saveAnswers).toHaveBeenLastCalledWith(placementTestOf().testId, [
      { question: mcq._id, answerIndex: [2] },
    ]);
  });

  it("toasts 'Error 2601: Missing test data' when the test cannot be loaded", async () => {
    initPlacementTest.mockRejectedValue(new ApiError(500, 'INTERNAL', messages.common.serverError));
    renderScreen(<PlacementPage />);

    // A server failure is retried once before the learner is told.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Error 2601: Missing test data',
    );
    // The toast and the panel that offers to try again.
    await waitFor(() => expect(screen.getAllByText('Error 2601: Missing test data')).toHaveLength(2));
    expect(button(messages.placement.retry)).toBeInTheDocument();
  });

  it('goes to the dashboard when there is no test to take (409)', async () => {
    initPlacementTest.mockRejectedValue(new ApiError(409, 'CONFLICT', messages.placement.notRequired));
    renderScreen(<PlacementPage />);

    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
  });

  it("toasts 'Unknown type' and shows no controls for a type it does not know", async () => {
    const odd = { ...mcq, type: 'essay' as 'mcq' };
    initPlacementTest.mockResolvedValue(placementTestOf({ questions: [odd] }));
    writePlacementSession({ stage: 'questions' });
    renderScreen(<PlacementPage />);

    expect(await screen.findByText(messages.placement.unknownType)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(button(messages.placement.submit)).toBeDisabled();
  });
});
