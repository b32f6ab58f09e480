import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, messages } from '@medenglish/shared';
import { ApiError } from '../../lib/api-error';
import { renderScreen } from '../../test/render';
import { serverSpeech } from './dictionary-api';
import PronunciationPanel from './pronunciation-panel';

vi.mock('./dictionary-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./dictionary-api')>()),
  serverSpeech: vi.fn(),
  lookUpWord: vi.fn(),
}));

const t = messages.pronunciation;

/** Issue 32: the server reads only words it knows, a few new ones per learner, when not too busy. */
describe("pronunciation box, the server's voice", () => {
  beforeEach(() => {
    vi.mocked(serverSpeech).mockReset();
    vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(async () => {});
    vi.spyOn(window.HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  });

  const listen = async (word: string) => {
    const user = userEvent.setup();
    renderScreen(<PronunciationPanel open onClose={() => {}} />);
    await user.type(screen.getByLabelText(t.wordLabel), word);
    await user.click(screen.getByRole('button', { name: t.listen }));
  };

  it('plays the clip the server answers', async () => {
    vi.mocked(serverSpeech).mockResolvedValue({ url: '/media/speech/en-gb-x-rp/abc.wav' });
    await listen('tachycardia');
    expect(serverSpeech).toHaveBeenCalledWith('tachycardia', 'en-gb-x-rp');
    expect(window.HTMLMediaElement.prototype.play).toHaveBeenCalled();
  });

  it.each([
    [404, ErrorCode.NOT_FOUND, t.speechUnknownWord('zzqxyplorb')],
    [429, ErrorCode.RATE_LIMITED, messages.common.rateLimited(15)],
    [503, ErrorCode.OVERLOADED, t.speechBusy],
  ] as const)('says why when the server answers %i', async (status, code, message) => {
    vi.mocked(serverSpeech).mockRejectedValue(new ApiError(status, code, message));
    await listen('zzqxyplorb');
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('says the voice is unavailable for any other failure', async () => {
    vi.mocked(serverSpeech).mockRejectedValue(new ApiError(502, ErrorCode.PROVIDER_UNAVAILABLE, 'engine'));
    await listen('heart');
    expect(await screen.findByText(t.speechUnavailable)).toBeInTheDocument();
  });
});
