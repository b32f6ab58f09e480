import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@medenglish/shared';
import { ApiError } from '../../lib/api-error';
import { renderScreen } from '../../test/render';
import { AudioPlayer } from './audio-player';

// The server's play counter, as the placement screen hands it over (PUT /test/{id}/audio).
const recordAudioPlay =
  vi.fn<(testId: string, media: string) => Promise<{ media: string; plays: number; remaining: number }>>();

const play = vi.fn(async () => {});
const pause = vi.fn();

function Harness({ initialPlays = 0 }: { initialPlays?: number }) {
  const [plays, setPlays] = useState(initialPlays);
  return (
    <AudioPlayer
      countPlay={() => recordAudioPlay('t1', 'gp-consultation.mp3')}
      url="/media/placementTest/audio/gp-consultation.mp3"
      attribution={null}
      plays={plays}
      onPlayed={setPlays}
    />
  );
}

const playButton = () => screen.getByRole('button', { name: messages.placement.playAudio });
const endPlayback = () => document.querySelector('audio')!.dispatchEvent(new Event('ended'));

describe('audio question (SPEC §9: played at most twice)', () => {
  beforeEach(() => {
    recordAudioPlay.mockReset();
    play.mockReset();
    play.mockImplementation(async () => {});
    pause.mockClear();
    vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(play);
    vi.spyOn(window.HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
  });

  it('starts the sound within the click, counts the play on the server, and counts down to 0', async () => {
    recordAudioPlay
      .mockResolvedValueOnce({ media: 'gp-consultation.mp3', plays: 1, remaining: 1 })
      .mockResolvedValueOnce({ media: 'gp-consultation.mp3', plays: 2, remaining: 0 });
    const user = userEvent.setup();
    renderScreen(<Harness />);
    expect(screen.getByText(messages.placement.playsLeft(2))).toBeInTheDocument();

    await user.click(playButton());
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(recordAudioPlay).toHaveBeenCalledWith('t1', 'gp-consultation.mp3');
    // Sound first (inside the click, as Safari requires), then the server counts it.
    expect(play.mock.invocationCallOrder[0]).toBeLessThan(recordAudioPlay.mock.invocationCallOrder[0]!);
    expect(screen.getByText(messages.placement.playsLeft(1))).toBeInTheDocument();
    // No second play while the first is running; the focus stays on the button (not the page top).
    const playing = screen.getByRole('button', { name: messages.placement.playing });
    expect(playing).toHaveAttribute('aria-disabled', 'true');
    expect(playing).toHaveFocus();
    await user.click(playing);
    expect(play).toHaveBeenCalledTimes(1);

    endPlayback();
    await user.click(await screen.findByRole('button', { name: messages.placement.playAudio }));
    await waitFor(() => expect(play).toHaveBeenCalledTimes(2));
    endPlayback();

    expect(await screen.findByText(messages.placement.playsLeft(0))).toBeInTheDocument();
    await waitFor(() => expect(playButton()).toHaveAttribute('aria-disabled', 'true'));
    expect(playButton()).toHaveFocus();
    await user.click(playButton());
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('is disabled when the server has already counted two plays (after a reload)', () => {
    renderScreen(<Harness initialPlays={2} />);
    expect(playButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(messages.placement.playsLeft(0))).toBeInTheDocument();
  });

  it('stops at once when the server refuses a third play', async () => {
    recordAudioPlay.mockRejectedValueOnce(new ApiError(409, 'CONFLICT', messages.placement.audioLimit));
    const user = userEvent.setup();
    renderScreen(<Harness initialPlays={1} />);

    await user.click(playButton());

    expect(await screen.findByText(messages.placement.audioLimit)).toBeInTheDocument();
    expect(pause).toHaveBeenCalled();
    expect(playButton()).toHaveAttribute('aria-disabled', 'true');
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
