import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type CourseModule } from '@medenglish/shared';
import { getCurrentUnit } from '../../lib/current-unit';
import { signIn } from '../../test/learner';
import { stubApi } from '../../test/stub-api';
import type { ReactElement } from 'react';
import { useColorMode } from '../../app/color-mode';
import ModulePage from './module-page';
import { courseModule, learnerRoutes, modulesPath, moduleUnit, renderElearning, S3 } from './test-fixtures';

const t = messages.elearning;
const score = (scaled: number) => ({ scaled, raw: null, max: null });

/** A module whose units show every status of SPEC §4, the last one its chapter quiz. */
const cardiology = courseModule({
  units: [
    moduleUnit(1, { name: 'Greeting the patient' }),
    moduleUnit(2, { name: 'Open questions', time: 120 }),
    moduleUnit(3, {
      name: 'Pain',
      verb: 'completed',
      result: { completion: true, success: null, score: null },
      time: 600,
    }),
    moduleUnit(4, {
      name: 'Drugs',
      verb: 'passed',
      result: { completion: true, success: true, score: score(1) },
      time: 600,
    }),
    moduleUnit(5, {
      name: 'History quiz',
      isFinalQuiz: true,
      verb: 'passed',
      result: { completion: true, success: true, score: score(0.85) },
      time: 900,
    }),
  ],
});
const LAUNCH_URL = '/xapi-content/unit-1/index.html?endpoint=%2Fapi%2Fxapi%2F&registration=r1';
/** The launch address and the app's theme for our player (light: the tests' system theme). */
const FRAME_URL = `${LAUNCH_URL}#theme=light`;
const launchPath = (unitId: string) => `/xapi/launch/${unitId}`;

function renderModule(path: string, modules: CourseModule[] = [cardiology], beside?: ReactElement) {
  signIn();
  const api = stubApi({
    ...learnerRoutes(),
    [`GET ${modulesPath}`]: modules,
    [`POST ${launchPath(modules[0]!.units[0]!.unit._id)}`]: {
      url: LAUNCH_URL,
      registration: '00000000-0000-4000-8000-0000000000d1',
      expiresAt: '2026-03-10T12:00:00.000Z',
    },
  });
  const view = renderElearning(path, [
    { path: '/elearning/course', element: <p>course page</p> },
    {
      path: '/elearning/course/:module',
      element: (
        <>
          {beside}
          <ModulePage />
        </>
      ),
    },
  ]);
  return { ...view, api };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/elearning/course/{module} (SPEC §2)', () => {
  it('shows the objectives by default: the summary and each objective as a numbered list', async () => {
    renderModule('/elearning/course/history-taking');

    expect(await screen.findByRole('heading', { level: 2, name: cardiology.name })).toBeInTheDocument();
    const objectives = screen.getByRole('region', { name: t.objectives });
    expect(within(objectives).getByText(cardiology.summary)).toBeInTheDocument();
    const opening = within(objectives).getByRole('heading', { level: 4, name: 'Opening the consultation' });
    const list = opening.nextElementSibling as HTMLElement;
    expect(list.tagName).toBe('OL');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Greet the patient', 'Ask open questions']);
    expect(within(objectives).getAllByRole('list')).toHaveLength(2);

    // The side menu: Objectives (current), the revision PDF, then the units in order.
    const menu = screen.getByRole('navigation', { name: t.moduleMenu(cardiology.name) });
    expect(within(menu).getByRole('link', { name: t.objectives })).toHaveAttribute('aria-current', 'page');
    const pdf = within(menu).getByRole('link', { name: `History revision sheet ${t.pdfNewTab}` });
    expect(pdf).toHaveAttribute('href', '/media/revision/history.pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(within(menu).getByRole('link', { name: t.downloadPdf('History revision sheet') })).toHaveAttribute(
      'download',
    );
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('shows each unit with its status (SPEC §4), the final quiz marked Chapter Quiz', async () => {
    renderModule('/elearning/course/history-taking');
    const menu = await screen.findByRole('navigation', { name: t.moduleMenu(cardiology.name) });
    const status = (name: RegExp) => within(menu).getByRole('link', { name }).textContent;

    expect(status(/Greeting the patient/)).toContain(t.status.notStarted);
    expect(status(/Open questions/)).toContain(t.status.inProgress);
    expect(status(/Pain/)).toContain(t.status.completed);
    // "Progress at 100% is shown as completed."
    expect(status(/Drugs/)).toContain(t.status.completed);
    expect(status(/History quiz/)).toBe(`${t.chapterQuiz}History quiz${t.passedWithScore(85)}`);
    expect(t.passedWithScore(85)).toBe('Réussi · 85 %');
    expect(within(menu).getByRole('link', { name: /Chapter Quiz/ })).toHaveAttribute(
      'href',
      `/elearning/course/history-taking?unit=${cardiology.units[4]!.unit._id}`,
    );
  });

  it('opens a unit: route state and ?unit=, a new launch, and the sandboxed frame of the launch', async () => {
    const user = userEvent.setup();
    const { api, router } = renderModule('/elearning/course/history-taking');
    const unit = cardiology.units[0]!.unit;

    await user.click(await screen.findByRole('link', { name: /Greeting the patient/ }));

    expect(router.state.location.search).toBe(`?unit=${unit._id}`);
    expect(router.state.location.state).toEqual({ title: cardiology.name, selectedUnit: unit._id });
    const frame = await screen.findByTitle('Greeting the patient');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', FRAME_URL);
    // Its own windows, but in its sandbox: never the app's origin, never out of the sandbox.
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-popups');
    expect(frame).toHaveAttribute('allow', 'fullscreen');
    expect(api.callsTo('POST', launchPath(unit._id))).toEqual([
      expect.objectContaining({ body: { groupId: S3._id } }),
    ]);
    expect(screen.getByRole('link', { name: /Greeting the patient/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The study heartbeat credits the open unit.
    expect(getCurrentUnit()).toBe(unit._id);

    // Back from the frame to the page (the window gets the focus again): the statuses are read.
    const beforeFocus = api.callsTo('GET', modulesPath).length;
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(api.callsTo('GET', modulesPath).length).toBeGreaterThan(beforeFocus));

    // Back to the module: the frame closes, the statuses are read again.
    const reads = api.callsTo('GET', modulesPath).length;
    await user.click(screen.getByRole('link', { name: t.backToModule }));
    expect(await screen.findByRole('region', { name: t.objectives })).toBeInTheDocument();
    expect(screen.queryByTitle('Greeting the patient')).not.toBeInTheDocument();
    expect(getCurrentUnit()).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', modulesPath).length).toBeGreaterThan(reads));

    // Opened again: a new launch.
    await user.click(screen.getByRole('link', { name: /Greeting the patient/ }));
    await screen.findByTitle('Greeting the patient');
    expect(api.callsTo('POST', launchPath(unit._id))).toHaveLength(2);
  });

  it('opens a cmi5 AU declared OwnWindow in a window of its own, launched at the click, cut from the app', async () => {
    const user = userEvent.setup();
    const base = moduleUnit(1, { name: 'Reading in its own window' });
    const own = courseModule({
      units: [{ ...base, unit: { ...base.unit, ownWindow: true } }, moduleUnit(2)],
    });
    const popup = { opener: {} as unknown, location: { replace: vi.fn() }, close: vi.fn() };
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    const { api } = renderModule(`/elearning/course/history-taking?unit=${base.unit._id}`, [own]);

    expect(await screen.findByText(t.ownWindow.intro)).toBeInTheDocument();
    // No frame, and nothing launched before the learner asks.
    expect(screen.queryByTitle('Reading in its own window')).not.toBeInTheDocument();
    expect(api.callsTo('POST', launchPath(base.unit._id))).toHaveLength(0);
    const button = screen.getByRole('button', { name: `${t.ownWindow.open} ${t.ownWindow.newWindow}` });

    await user.click(button);
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(popup.location.replace).toHaveBeenCalledWith(LAUNCH_URL));
    // The window may not reach back into the app.
    expect(popup.opener).toBeNull();
    expect(api.callsTo('POST', launchPath(base.unit._id))).toEqual([
      expect.objectContaining({ body: { groupId: S3._id } }),
    ]);
    expect(await screen.findByText(t.ownWindow.opened)).toBeInTheDocument();

    // A browser that blocks the window: the learner is told, nothing is launched.
    open.mockReturnValueOnce(null as never);
    await user.click(button);
    expect(await screen.findByText(t.ownWindow.blocked)).toBeInTheDocument();
    expect(api.callsTo('POST', launchPath(base.unit._id))).toHaveLength(1);
  });

  it('opens the unit of the address (?unit=) on a reload, or of the route state alone', async () => {
    const unit = cardiology.units[0]!.unit;
    const first = renderModule(`/elearning/course/${cardiology._id}?unit=${unit._id}`);
    expect(await screen.findByTitle('Greeting the patient')).toHaveAttribute('src', FRAME_URL);
    first.unmount();

    // The dashboard's "Continue" only sets the state: the unit is written in the address.
    signIn();
    stubApi({
      ...learnerRoutes(),
      [`GET ${modulesPath}`]: [cardiology],
      [`POST ${launchPath(unit._id)}`]: { url: LAUNCH_URL, registration: 'r', expiresAt: '' },
    });
    const { router } = renderElearning('/', [
      { path: '/', element: <p>start</p> },
      { path: '/elearning/course/:module', element: <ModulePage /> },
    ]);
    await router.navigate(`/elearning/course/${cardiology._id}`, {
      state: { title: cardiology.name, selectedUnit: unit._id },
    });
    expect(await screen.findByTitle('Greeting the patient')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(`?unit=${unit._id}`));
    expect(router.state.location.state).toEqual({ title: cardiology.name, selectedUnit: unit._id });
  });

  it('shows a module of a single unit without side menu: a back bar and the unit frame', async () => {
    const single = courseModule({ units: [moduleUnit(1, { name: 'The whole module' })] });
    const { api } = renderModule('/elearning/course/Taking a patient history', [single]);

    const frame = await screen.findByTitle('The whole module');
    expect(frame).toHaveAttribute('src', FRAME_URL);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'The whole module' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.backToModules })).toHaveAttribute('href', '/elearning/course');
    expect(api.callsTo('POST', launchPath(single.units[0]!.unit._id))).toHaveLength(1);
  });

  it('lets a laptop learner expand the unit to the whole screen and back, without reloading it', async () => {
    const unit = cardiology.units[0]!.unit;
    const { api } = renderModule(`/elearning/course/history-taking?unit=${unit._id}`);
    const region = await screen.findByRole('region', { name: 'Greeting the patient' });
    const frame = await within(region).findByTitle('Greeting the patient');
    const expand = within(region).getByRole('button', { name: t.fullScreen });
    expect(expand).toHaveAttribute('aria-pressed', 'false');

    await userEvent.setup().click(expand);
    const dialog = screen.getByRole('dialog', { name: 'Greeting the patient' });
    expect(dialog).toHaveStyle({ position: 'fixed' });
    expect(within(dialog).getByRole('button', { name: t.exitFullScreen })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The same frame element: the unit keeps its page.
    expect(within(dialog).getByTitle('Greeting the patient')).toBe(frame);

    await userEvent.setup().keyboard('{Escape}');
    expect(await screen.findByRole('region', { name: 'Greeting the patient' })).toBeInTheDocument();
    expect(screen.getByTitle('Greeting the patient')).toBe(frame);
    expect(api.callsTo('POST', launchPath(unit._id))).toHaveLength(1);
  });

  it("gives our player the app's theme at launch, then tells it when the learner switches", async () => {
    const unit = cardiology.units[0]!.unit;
    function ThemeSwitch() {
      const { toggleMode } = useColorMode();
      return <button onClick={toggleMode}>switch theme</button>;
    }
    renderModule(`/elearning/course/history-taking?unit=${unit._id}`, [cardiology], <ThemeSwitch />);
    const frame = (await screen.findByTitle('Greeting the patient')) as HTMLIFrameElement;
    expect(frame).toHaveAttribute('src', FRAME_URL);
    const sent = vi.spyOn(frame.contentWindow!, 'postMessage');
    await userEvent.setup().click(screen.getByRole('button', { name: 'switch theme' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ type: 'medenglish:theme', theme: 'dark' }, '*'));
    // The frame is not reloaded: the unit keeps its page.
    expect(frame).toHaveAttribute('src', FRAME_URL);
  });

  it('covers the screen on mobile, as a dialog with its back bar', async () => {
    // Below the theme's md breakpoint (900 px).
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
    const unit = cardiology.units[0]!.unit;
    renderModule(`/elearning/course/history-taking?unit=${unit._id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Greeting the patient' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveStyle({ position: 'fixed' });
    expect(within(dialog).getByRole('link', { name: t.backToModule })).toBeInTheDocument();
    expect(await within(dialog).findByTitle('Greeting the patient')).toHaveAttribute('src', FRAME_URL);
  });

  it('says so for an unknown module', async () => {
    renderModule('/elearning/course/unknown');
    expect(await screen.findByText(t.moduleNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.backToModules })).toHaveAttribute('href', '/elearning/course');
  });
});
