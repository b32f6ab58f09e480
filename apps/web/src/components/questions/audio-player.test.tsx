import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@medenglish/shared';
import { ApiError } from '../../lib/api-error';
import { renderScreen } from '../../test/render';
import { AudioPlayer } from './audio-player';

// The server's listen counter, as the placement screen hands it over (PUT /test/{id}/audio).
const recordAudioPlay =
  vi.fn<(testId: string, media: string) => Promise<{ media: string; plays: number; remaining: number }>>();
const stops: (number | null)[] = [];

const play = vi.fn(async () => {});
const pause = vi.fn();

function Harness({
  initialPlays = 0,
  initialStop = null,
}: {
  initialPlays?: number;
  initialStop?: number | null;
}) {
  const [plays, setPlays] = useState(initialPlays);
  const [stoppedAt, setStoppedAt] = useState(initialStop);
  const [halted, setHalted] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setHalted(true)}>
        Submit
      </button>
      <AudioPlayer
        countPlay={() => recordAudioPlay('t1', 'gp-consultation.mp3')}
        url="/media/placementTest/audio/gp-consultation.mp3"
        attribution={null}
        plays={plays}
        onPlayed={setPlays}
        stoppedAt={stoppedAt}
        onStopped={(at) => {
          stops.push(at);
          setStoppedAt(at);
        }}
        halted={halted}
      />
    </>
  );
}

const audio = () => document.querySelector('audio')!;
const playButton = () => screen.getByRole('button', { name: messages.placement.playAudio });
const resumeButton = () => screen.getByRole('button', { name: messages.placement.resumeAudio });
const restartButton = () => screen.queryByRole('button', { name: messages.placement.restartAudio });
const fire = (type: string) => fireEvent(audio(), new Event(type));
/** The media element reaching its end: it pauses, then says it ended. */
const endPlayback = () => {
  Object.defineProperty(audio(), 'ended', { configurable: true, get: () => true });
  fire('pause');
  fire('ended');
  Object.defineProperty(audio(), 'ended', { configurable: true, get: () => false });
};
/** Stopped before its end (the answer, the phone), at `at` seconds. */
const stopAt = (at: number) => {
  audio().currentTime = at;
  fire('pause');
};
const answer = (plays: number) => ({ media: 'gp-consultation.mp3', plays, remaining: 2 - plays });

describe('audio question (SPEC §9: heard at most twice; issue 33: a listen is spent at its end)', () => {
  beforeEach(() => {
    recordAudioPlay.mockReset();
    stops.length = 0;
    play.mockReset();
    play.mockImplementation(async () => {});
    pause.mockClear();
    vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(play);
    vi.spyOn(window.HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
  });

  it('starts the sound within the click, counts the listen at its end, and counts down to 0', async () => {
    recordAudioPlay.mockResolvedValueOnce(answer(1)).mockResolvedValueOnce(answer(2));
    const user = userEvent.setup();
    renderScreen(<Harness />);
    expect(screen.getByText(messages.placement.playsLeft(2))).toBeInTheDocument();

    await user.click(playButton());
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    // Playing is not a listen yet.
    expect(recordAudioPlay).not.toHaveBeenCalled();
    expect(screen.getByText(messages.placement.playsLeft(2))).toBeInTheDocument();
    // No second play while the first is running; the focus stays on the button (not the page top).
    const playing = screen.getByRole('button', { name: messages.placement.playing });
    expect(playing).toHaveAttribute('aria-disabled', 'true');
    expect(playing).toHaveFocus();
    await user.click(playing);
    expect(play).toHaveBeenCalledTimes(1);

    endPlayback();
    expect(recordAudioPlay).toHaveBeenCalledTimes(1);
    expect(recordAudioPlay).toHaveBeenCalledWith('t1', 'gp-consultation.mp3');
    expect(await screen.findByText(messages.placement.playsLeft(1))).toBeInTheDocument();
    // A play that reached its end leaves nothing to resume.
    expect(stops).toEqual([]);

    await user.click(await screen.findByRole('button', { name: messages.placement.playAudio }));
    await waitFor(() => expect(play).toHaveBeenCalledTimes(2));
    expect(audio().currentTime).toBe(0);
    endPlayback();

    expect(await screen.findByText(messages.placement.playsLeft(0))).toBeInTheDocument();
    expect(recordAudioPlay).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(playButton()).toHaveAttribute('aria-disabled', 'true'));
    expect(playButton()).toHaveFocus();
    await user.click(playButton());
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('spends no listen when the answer is submitted while it plays, and goes on from there', async () => {
    const user = userEvent.setup();
    renderScreen(<Harness />);
    await user.click(playButton());
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    audio().currentTime = 6.5;

    // Submit: the screen halts the player, which pauses the sound.
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(pause).toHaveBeenCalled());
    fire('pause');

    expect(recordAudioPlay).not.toHaveBeenCalled();
    expect(stops).toEqual([6.5]);
    expect(screen.getByText(messages.placement.playsLeft(2))).toBeInTheDocument();
    expect(resumeButton()).not.toHaveAttribute('aria-disabled');
  });

  it("resumes an unfinished play where it stopped, as the same listen, on the clip's next question", async () => {
    recordAudioPlay.mockResolvedValueOnce(answer(1));
    const user = userEvent.setup();
    renderScreen(<Harness initialStop={6.5} />);
    expect(screen.getByText(messages.placement.playsLeft(2))).toBeInTheDocument();
    expect(screen.getByText(messages.placement.restartCounts)).toBeInTheDocument();

    await user.click(resumeButton());
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(audio().currentTime).toBe(6.5);
    expect(recordAudioPlay).not.toHaveBeenCalled();
    expect(restartButton()).toBeNull();
    expect(stops).toEqual([null]);

    // Paused by the phone and resumed: still one play.
    stopAt(9);
    await user.click(resumeButton());
    expect(audio().currentTime).toBe(9);
    expect(recordAudioPlay).not.toHaveBeenCalled();

    endPlayback();
    expect(recordAudioPlay).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(messages.placement.playsLeft(1))).toBeInTheDocument();
  });

  it('counts the unfinished play when the learner starts again from the beginning', async () => {
    recordAudioPlay.mockResolvedValueOnce(answer(1));
    const user = userEvent.setup();
    renderScreen(<Harness initialStop={12} />);

    await user.click(restartButton()!);
    await waitFor(() => expect(recordAudioPlay).toHaveBeenCalledTimes(1));
    // The sound starts inside the press; the count follows.
    expect(play.mock.invocationCallOrder[0]).toBeLessThan(recordAudioPlay.mock.invocationCallOrder[0]!);
    expect(audio().currentTime).toBe(0);
    expect(await screen.findByText(messages.placement.playsLeft(1))).toBeInTheDocument();
    // The restart button is gone: the focus is on the one that stays.
    expect(screen.getByRole('button', { name: messages.placement.playing })).toHaveFocus();
  });

  it('offers only the rest of an unfinished play when it is the last listen', () => {
    renderScreen(<Harness initialPlays={1} initialStop={12} />);
    expect(resumeButton()).not.toHaveAttribute('aria-disabled');
    expect(restartButton()).toBeNull();
    expect(screen.getByText(messages.placement.playsLeft(1))).toBeInTheDocument();
  });

  it('keeps a play stopped by leaving the question as unfinished, without counting it', async () => {
    const user = userEvent.setup();
    const { unmount } = renderScreen(<Harness />);
    await user.click(playButton());
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    audio().currentTime = 4;
    unmount();
    expect(pause).toHaveBeenCalled();
    expect(stops).toEqual([4]);
    expect(recordAudioPlay).not.toHaveBeenCalled();
  });

  it('is unavailable when the server has already counted two listens (after a reload)', () => {
    renderScreen(<Harness initialPlays={2} />);
    expect(playButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(messages.placement.playsLeft(0))).toBeInTheDocument();
  });

  it('stops at once when the server refuses the count of a new start (both listens spent elsewhere)', async () => {
    recordAudioPlay.mockRejectedValueOnce(new ApiError(409, 'CONFLICT', messages.placement.audioLimit));
    const user = userEvent.setup();
    renderScreen(<Harness initialStop={8} />);

    await user.click(restartButton()!);

    expect(await screen.findByText(messages.placement.audioLimit)).toBeInTheDocument();
    expect(pause).toHaveBeenCalled();
    expect(playButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(messages.placement.playsLeft(0))).toBeInTheDocument();
  });

  it('does not spend a listen when the sound cannot start', async () => {
    play.mockRejectedValueOnce(new DOMException('not allowed', 'NotAllowedError'));
    const user = userEvent.setup();
    renderScreen(<Harness />);

    await user.click(playButton());

    expect(await screen.findByText(messages.placement.mediaError)).toBeInTheDocument();
    expect(recordAudioPlay).not.toHaveBeenCalled();
    expect(screen.getByText(messages.placement.playsLeft(2))).toBeInTheDocument();
    expect(playButton()).not.toHaveAttribute('aria-disabled');
  });
});
