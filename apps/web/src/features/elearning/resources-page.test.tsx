import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@medenglish/shared';
import { saveFile } from '../../lib/save-file';
import { COMPANY_ID, group, signIn } from '../../test/learner';
import { stubApi } from '../../test/stub-api';
import ResourcesPage from './resources-page';
import { learnerRoutes, renderElearning, S3 } from './test-fixtures';

vi.mock('../../lib/save-file', () => ({ saveFile: vi.fn() }));

const t = messages.elearning.resources;
const filesPath = `/googlestorage/files/resources/${COMPANY_ID}/${S3._id}`;

function renderResources(files: unknown, groups = [S3]) {
  signIn();
  const api = stubApi({
    ...learnerRoutes(groups),
    [`GET ${filesPath}`]: files,
    'POST /googlestorage/download': ({ body }: { body: { filename: string } }) => ({
      url: `/media/files/${body.filename}`,
    }),
  });
  renderElearning('/elearning/resources', [{ path: '/elearning/resources', element: <ResourcesPage /> }]);
  return api;
}

describe('/elearning/resources (SPEC §2: downloadable pdf, ppt or video resources)', () => {
  it("says 'No additional documents have been added for this course.' when there are none", async () => {
    renderResources([]);
    expect(
      await screen.findByText('No additional documents have been added for this course.'),
    ).toBeInTheDocument();
  });

  it('lists each resource with its title, thumbnail and kind, and downloads it', async () => {
    const user = userEvent.setup();
    const withResources = group({
      ...S3,
      elearning: {
        ...S3.elearning,
        elearningResources: [
          { title: 'Medical glossary', filename: 'glossary.pdf', thumbnail: '/media/glossary.png' },
          { title: 'Consultation role play', filename: 'role-play.mp4', thumbnail: null },
        ],
      },
    });
    const api = renderResources(
      [
        { id: 'f1', name: 'glossary.pdf', createdTime: '2026-01-05T10:00:00.000Z' },
        { id: 'f2', name: 'role-play.mp4', createdTime: '2026-01-05T10:00:00.000Z' },
        { id: 'f3', name: 'slides.pptx', createdTime: '2026-01-05T10:00:00.000Z' },
      ],
      [withResources],
    );

    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Medical glossary',
      'Consultation role play',
      'slides.pptx',
    ]);
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', '/media/glossary.png');
    expect(within(cards[0]!).getByText(t.kinds.pdf)).toBeInTheDocument();
    expect(within(cards[1]!).getByText(t.kinds.video)).toBeInTheDocument();
    expect(within(cards[2]!).getByText(t.kinds.presentation)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.download('Medical glossary') }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith('/media/files/f1', 'glossary.pdf'));
    expect(api.callsTo('POST', '/googlestorage/download')[0]!.body).toEqual({ filename: 'f1' });
  });
});
