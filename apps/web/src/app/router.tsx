import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { LazyFallback } from '../components/lazy-fallback';
import LandingPage from '../features/auth/landing-page';
import { NOT_FOUND_MODULE, SHELL_MODULE } from './page-paths';
import { loaded, loadPage, type PageModule } from './route-modules';
import { PublicOnly, RequireAuth, RequirePlacementDone, RequirePlacementPending } from './route-guards';

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
