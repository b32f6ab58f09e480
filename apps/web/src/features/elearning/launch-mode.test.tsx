import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type CourseModule, type LaunchResponse } from '@medenglish/shared';
import { signIn } from '../../test/learner';
import { stubApi, type StubbedCall } from '../../test/stub-api';
import ModulePage from './module-page';
import { courseModule, learnerRoutes, modulesPath, moduleUnit, renderElearning, S3 } from './test-fixtures';

const t = messages.elearning;

/**
 * Decision 0041: a cmi5 AU's unit page offers to look without being assessed (Browse) next to the
 * usual launch, says when the results are not recorded, and that an AU already done opens for
 * review. The launch's answer names the mode granted; a Tin Can unit's names none.
 */
const base = moduleUnit(1, { name: 'Check: the handover' });
const launchPath = `/xapi/launch/${base.unit._id}`;
const urlOf = (mode: string) => `/media/content/au/quiz/index.html?registration=r-${mode}`;

/** The server's rule (launchModeFor): Browse granted; a satisfied AU in Review otherwise. */
function launchAnswer(satisfied: boolean | 'tincan') {
  return (call: StubbedCall): LaunchResponse => {
    const asked = (call.body as { mode?: string }).mode;
    const mode =
      satisfied === 'tincan' ? undefined : asked === 'Browse' ? 'Browse' : satisfied ? 'Review' : 'Normal';
    return {
      url: urlOf(mode ?? 'tincan'),
      registration: '00000000-0000-4000-8000-0000000000d1',
      expiresAt: '2026-03-10T12:00:00.000Z',
      ...(mode ? { mode } : {}),
    };
  };
}

function renderUnit(satisfied: boolean | 'tincan', ownWindow = false) {
  signIn();
  const unit = { ...base, unit: { ...base.unit, ...(ownWindow ? { ownWindow: true as const } : {}) } };
  const module: CourseModule = courseModule({ units: [unit, moduleUnit(2)] });
  const api = stubApi({
    ...learnerRoutes(),
    [`GET ${modulesPath}`]: [module],
    [`POST ${launchPath}`]: launchAnswer(satisfied),
  });
  renderElearning(`/elearning/course/${module.key}?unit=${base.unit._id}`, [
    { path: '/elearning/course/:module', element: <ModulePage /> },
  ]);
  return api;
}

const frameSrc = async (mode: string) =>
  waitFor(() =>
    expect(screen.getByTitle('Check: the handover')).toHaveAttribute('src', `${urlOf(mode)}#theme=light`),
  );

describe('the launch mode of a cmi5 AU on its unit page (decision 0041)', () => {
  it('launches as usual, then lets the learner look without being assessed — with a notice — and go back', async () => {
    const user = userEvent.setup();
    const api = renderUnit(false);
    await frameSrc('Normal');
    const region = screen.getByRole('region', { name: 'Check: the handover' });
    // The usual launch: no mode asked, nothing to notice, the Browse choice offered.
    expect(api.callsTo('POST', launchPath)).toEqual([expect.objectContaining({ body: { groupId: S3._id } })]);
    const status = within(region).getByRole('status');
    expect(status).toBeEmptyDOMElement();
    const browse = within(region).getByRole('button', { name: t.launchMode.browse });

    // From the keyboard: launched again in Browse, and the learner is told their results are not recorded.
    browse.focus();
    await user.keyboard('{Enter}');
    await frameSrc('Browse');
    expect(api.callsTo('POST', launchPath).at(-1)!.body).toEqual({ groupId: S3._id, mode: 'Browse' });
    expect(within(status).getByText(t.launchMode.browsing)).toBeVisible();
    expect(t.launchMode.browsing).toBe('Sans évaluation — vos résultats ne sont pas enregistrés.');
    // The same button, still focused, now takes the learner back to being assessed.
    expect(browse).toHaveAccessibleName(t.launchMode.normal);
    expect(browse).toHaveFocus();

    await user.click(browse);
    await frameSrc('Normal');
    expect(api.callsTo('POST', launchPath).at(-1)!.body).toEqual({ groupId: S3._id });
    expect(api.callsTo('POST', launchPath)).toHaveLength(3);
    expect(status).toBeEmptyDOMElement();
    expect(browse).toHaveAccessibleName(t.launchMode.browse);
  });

  it('on a phone, keeps the choice and the notice in the full-screen unit', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      onchange: null,
      dispatchEvent: () => false,
    }));
    const user = userEvent.setup();
    renderUnit(false);
    const dialog = await screen.findByRole('dialog', { name: 'Check: the handover' });
    await user.click(await within(dialog).findByRole('button', { name: t.launchMode.browse }));
    expect(await within(dialog).findByText(t.launchMode.browsing)).toBeVisible();
    await frameSrc('Browse');
  });

  it('opens an AU already satisfied in Review, says its results no longer change, and offers no Browse', async () => {
    renderUnit(true);
    await frameSrc('Review');
    const region = screen.getByRole('region', { name: 'Check: the handover' });
    expect(within(region).getByRole('status')).toHaveTextContent(t.launchMode.review);
    expect(t.launchMode.review).toBe('Revoir — vos résultats ne changent plus.');
    expect(within(region).queryByRole('button', { name: t.launchMode.browse })).not.toBeInTheDocument();
  });

  it('shows neither choice nor notice for a Tin Can unit, whose launch names no mode', async () => {
    renderUnit('tincan');
    await frameSrc('tincan');
    const region = screen.getByRole('region', { name: 'Check: the handover' });
    expect(within(region).queryByRole('status')).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: t.launchMode.browse })).not.toBeInTheDocument();
  });

  it('offers Browse for an AU in its own window too, and says there the results are not recorded', async () => {
    const user = userEvent.setup();
    const popup = { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => popup),
    );
    const api = renderUnit(false, true);
    const browse = await screen.findByRole('button', {
      name: `${t.launchMode.browse} ${t.ownWindow.newWindow}`,
    });
    expect(api.callsTo('POST', launchPath)).toHaveLength(0);

    await user.click(browse);
    await waitFor(() => expect(popup.location.replace).toHaveBeenCalledWith(urlOf('Browse')));
    expect(api.callsTo('POST', launchPath)).toEqual([
      expect.objectContaining({ body: { groupId: S3._id, mode: 'Browse' } }),
    ]);
    expect(await screen.findByText(t.launchMode.browsing)).toBeVisible();
    expect(screen.getByText(t.ownWindow.opened)).toBeVisible();
  });

  it('says an own-window AU already satisfied opened in Review, and then offers no Browse', async () => {
    const user = userEvent.setup();
    const popup = { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => popup),
    );
    const api = renderUnit(true, true);
    await user.click(
      await screen.findByRole('button', { name: `${t.ownWindow.open} ${t.ownWindow.newWindow}` }),
    );
    expect(await screen.findByText(t.launchMode.review)).toBeVisible();
    expect(api.callsTo('POST', launchPath)).toEqual([expect.objectContaining({ body: { groupId: S3._id } })]);
    expect(screen.queryByRole('button', { name: new RegExp(t.launchMode.browse) })).not.toBeInTheDocument();
  });
});
