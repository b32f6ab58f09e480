import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { messages } from '@medenglish/shared';
import { signIn } from '../../test/learner';
import { renderScreen } from '../../test/render';
import { errorResponse, stubApi } from '../../test/stub-api';
import VideosPage from './videos-page';

describe('/videos (SPEC §2; §8: failed video loading shows an empty list)', () => {
  it('shows the empty list when the library cannot be read', async () => {
    signIn();
    stubApi({
      'GET /video/': () => {
        throw errorResponse(503);
      },
    });
    renderScreen(<VideosPage />);
    // After React Query's retries.
    expect(
      await screen.findByText(messages.videos.empty, undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  }, 15_000);

  it('shows each video with its length, and a PDF link only where there is one', async () => {
    signIn();
    const video = (n: number, pdf: string | null) => ({
      _id: `00000000-0000-4000-8000-00000000000${n}`,
      title: `Video ${n}`,
      filename: `v${n}.mp4`,
      thumbnail: `v${n}.jpg`,
      pdf,
      credits: '',
      tags: ['handover'],
      captions: `v${n}.vtt`,
      duration: 65,
    });
    stubApi({ 'GET /video/': [video(1, 'v1.pdf'), video(2, null)] });
    renderScreen(<VideosPage />);
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.getAllByText(/\s1:05$/)).toHaveLength(2);
    const pdfs = screen.getAllByRole('link', { name: /PDF/ });
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]).toHaveAttribute('href', '/media/resources/video/v1.pdf?filename=v1.pdf');
  });
});
