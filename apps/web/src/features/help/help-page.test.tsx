import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { messages } from '@medenglish/shared';
import { signIn } from '../../test/learner';
import { renderScreen } from '../../test/render';
import { errorResponse, stubApi } from '../../test/stub-api';
import HelpPage from './help-page';

const publicConfig = {
  version: '2.15.4',
  today: '2026-11-26',
  maintenance: { from: '2025-08-01', to: '2025-08-13', active: false, message: '' },
  holiday: { from: '2022-12-23', to: '2023-01-02', active: false, message: '' },
  ssoBlockedDomain: null,
  helpUrl: 'https://support.example/',
  serviceDeskSearchUrl: 'https://support.example/search?q={query}',
  ssoProviders: [],
};

describe('/help (SPEC §2; §8 1001 and 1002)', () => {
  it('lists the news and the guides', async () => {
    signIn();
    stubApi({
      'GET /config/public': publicConfig,
      'GET /news/last/Students': [
        {
          _id: '00000000-0000-4000-8000-000000000001',
          message: 'Nouveau module',
          created_at: '2026-11-20T09:00:00.000Z',
        },
      ],
      'GET /guide': [
        {
          _id: '00000000-0000-4000-8000-000000000002',
          name: 'Premiers pas',
          filename: 'premiers-pas.pdf',
          thumbnail: null,
          created_at: '2026-11-01T09:00:00.000Z',
        },
      ],
    });
    renderScreen(<HelpPage />);
    expect(await screen.findByText('Nouveau module')).toBeInTheDocument();
    const guide = await screen.findByRole('link', { name: messages.help.guideDownload('Premiers pas') });
    expect(guide.getAttribute('href')).toBe('/media/guides/premiers-pas.pdf?filename=premiers-pas.pdf');
    expect(screen.getByRole('link', { name: new RegExp(messages.help.supportButton) })).toHaveAttribute(
      'href',
      'https://support.example/',
    );
  });

  it("says 'Error 1001: Missing guides' and 'Error 1002: Missing news' when they cannot be read, the rest still there", async () => {
    signIn();
    stubApi({
      'GET /config/public': publicConfig,
      'GET /news/last/Students': () => {
        throw errorResponse(503);
      },
      'GET /guide': () => {
        throw errorResponse(503);
      },
    });
    renderScreen(<HelpPage />);
    // After React Query's retry; one warning toast at a time (6 s each), in whichever order they fail.
    const toasts = ['Error 1001: Missing guides', 'Error 1002: Missing news'];
    const first = await screen.findByText(new RegExp(`^(${toasts.join('|')})$`), undefined, {
      timeout: 10_000,
    });
    const other = toasts.find((text) => text !== first.textContent)!;
    expect(await screen.findByText(other, undefined, { timeout: 12_000 })).toBeInTheDocument();
    expect(screen.getByText(messages.help.noGuides)).toBeInTheDocument();
    expect(screen.getByText(messages.help.noNews)).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
  }, 30_000);
});
