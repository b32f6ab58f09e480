import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useRoutes, type RouteObject } from 'react-router';
import { LazyFallback } from '../components/lazy-fallback';
import LandingPage from '../features/auth/landing-page';
import { isLoggedIn } from '../lib/session';
import { matchPagePath } from '@medenglish/shared';
import { NOT_FOUND_MODULE, pagePaths, SHELL_MODULE } from './page-paths';
import { PublicOnly, RequireAuth, RequirePlacementDone, RequirePlacementPending } from './route-guards';

// The login page is the first route of most visits and is bundled with the entry; the shell and
// every authenticated page are separate chunks, fetched once a session exists. Keyed by the page
// modules of page-paths.ts, which the build also reads.
/** A page module: its screen and, optionally, the reads to start as soon as its chunk arrives. */
interface PageModule {
  default: ComponentType;
  prefetch?: (queryClient: QueryClient) => void;
}

const load: Record<string, () => Promise<PageModule>> = {
  [SHELL_MODULE]: () => import('./layout/shell-layout'),
  [NOT_FOUND_MODULE]: () => import('../features/not-found/not-found-page'),
  'features/dashboard/dashboard-page': () => import('../features/dashboard/dashboard-page'),
  'features/placement/placement-page': () => import('../features/placement/placement-page'),
  'features/profile/profile-page': () => import('../features/profile/profile-page'),
  'features/group/group-page': () => import('../features/group/group-page'),
  'features/elearning/course-page': () => import('../features/elearning/course-page'),
  'features/elearning/module-page': () => import('../features/elearning/module-page'),
  'features/elearning/results-page': () => import('../features/elearning/results-page'),
  'features/elearning/resources-page': () => import('../features/elearning/resources-page'),
  'features/exam/exam-page': () => import('../features/exam/exam-page'),
  'features/evaluo/evaluo-page': () => import('../features/evaluo/evaluo-page'),
  'features/glossary/glossary-page': () => import('../features/glossary/glossary-page'),
  'features/videos/videos-page': () => import('../features/videos/videos-page'),
  'features/learning-links/learning-links-page': () =>
    import('../features/learning-links/learning-links-page'),
  'features/help/help-page': () => import('../features/help/help-page'),
  'features/webinars/webinar-page': () => import('../features/webinars/webinar-page'),
};
/** The page modules already loaded (by preloadRouteChunks, or a first render). */
const loaded = new Map<string, PageModule>();

function loadPage(module: string): Promise<PageModule> {
  return load[module]!().then((page) => {
    loaded.set(module, page);
    return page;
  });
}

/**
 * A page whose module is already loaded is drawn at once, in the render that asks for it, rather
 * than after a Suspense fallback (a new import() promise is always pending for one turn): React's
 * lazy reads a thenable that calls back synchronously. So the app's first commit on a signed-in
 * visit is the page itself, the same as the cards the server drew (lib/first-screen.ts).
 */
const lazyPage = (module: string) =>
  lazy(() => {
    const page = loaded.get(module);
    if (!page) return loadPage(module);
    const settled = { then: (resolve: (value: PageModule) => void) => resolve(page) };
    return settled as unknown as Promise<PageModule>;
  });
const ShellLayout = lazyPage(SHELL_MODULE);
const NotFoundPage = lazyPage(NOT_FOUND_MODULE);
const CoursePage = lazyPage('features/elearning/course-page');
const DashboardPage = lazyPage('features/dashboard/dashboard-page');
const GroupPage = lazyPage('features/group/group-page');
const ModulePage = lazyPage('features/elearning/module-page');
const PlacementPage = lazyPage('features/placement/placement-page');
const ProfilePage = lazyPage('features/profile/profile-page');
const ResourcesPage = lazyPage('features/elearning/resources-page');
const ResultsPage = lazyPage('features/elearning/results-page');
const ExamPage = lazyPage('features/exam/exam-page');
const EvaluoPage = lazyPage('features/evaluo/evaluo-page');
const GlossaryPage = lazyPage('features/glossary/glossary-page');
const VideosPage = lazyPage('features/videos/videos-page');
const LearningLinksPage = lazyPage('features/learning-links/learning-links-page');
const HelpPage = lazyPage('features/help/help-page');
const WebinarPage = lazyPage('features/webinars/webinar-page');

/** The page module of a signed-in path ('/' is the login page, in the entry: null). */
function pageModuleFor(pathname: string): string | null {
  if (pathname === '/') return null;
  return matchPagePath(pagePaths, pathname)?.module ?? NOT_FOUND_MODULE;
}

/**
 * A signed-in visit asks for the shell and the page's chunk at once, at start-up, instead of one
 * after the other as each lazy component renders: on a slow phone link every step of that chain
 * is a round trip before the first card can show.
 */
export function preloadRouteChunks(pathname: string, queryClient: QueryClient): Promise<void> {
  if (!isLoggedIn()) return Promise.resolve();
  const module = pageModuleFor(pathname);
  const pageModule = module === null ? null : load[module] ? module : NOT_FOUND_MODULE;
  const shell = loadPage(SHELL_MODULE);
  // The guard may send a learner elsewhere (/test, /dashboard): a wasted fetch, never an error.
  const page = pageModule
    ? loadPage(pageModule).then((loadedPage) => loadedPage.prefetch?.(queryClient))
    : Promise.resolve();
  // Resolves once both modules are there (or failed: the lazy page then tries again and shows why).
  return Promise.all([shell, page]).then(
    () => undefined,
    () => undefined,
  );
}

function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<LazyFallback />}>
      <Component />
    </Suspense>
  );
}

/**
 * The routes of SPEC §2. Declarative routes (rather than a data router) keep the first route
 * light; the screens load their own data with React Query. Route objects rather than <Route>
 * elements: React Router rebuilds those from the children on every render, a cost on the first
 * screen of a slow phone (issue 10). Built in the render, as elements were, so that every guard
 * still runs again whenever the routes render.
 */
function appRoutes(): RouteObject[] {
  const pages: [string, LazyExoticComponent<ComponentType>][] = [
    ['/dashboard', DashboardPage],
    ['/profile', ProfilePage],
    ['/group', GroupPage],
    ['/elearning/course', CoursePage],
    ['/elearning/course/:module', ModulePage],
    ['/elearning/results', ResultsPage],
    ['/elearning/resources', ResourcesPage],
    ['/elearning/exam', ExamPage],
    ['/evaluo', EvaluoPage],
    ['/glossary', GlossaryPage],
    ['/videos', VideosPage],
    ['/learning-links', LearningLinksPage],
    ['/learning-links/:theme', LearningLinksPage],
    ['/learning-links/:theme/:topic', LearningLinksPage],
    ['/help', HelpPage],
    ['/webinaire', WebinarPage],
    ['*', NotFoundPage],
  ];
  return [
    { element: <PublicOnly />, children: [{ path: '/', element: <LandingPage /> }] },
    // Everything else needs a session (SPEC §2 "Authenticated: everything else").
    {
      element: <RequireAuth />,
      children: [
        {
          element: page(ShellLayout),
          children: [
            // SPEC §2: /test only while the placement test is required…
            {
              element: <RequirePlacementPending />,
              children: [{ path: '/test', element: page(PlacementPage) }],
            },
            // …and every other page only once it is not.
            {
              element: <RequirePlacementDone />,
              children: pages.map(([path, Page]) => ({ path, element: page(Page) })),
            },
          ],
        },
      ],
    },
  ];
}

export function AppRoutes() {
  return useRoutes(appRoutes());
}
