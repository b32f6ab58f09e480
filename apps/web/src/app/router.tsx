import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { LazyFallback } from '../components/lazy-fallback';
import LandingPage from '../features/auth/landing-page';
import { isLoggedIn } from '../lib/session';
import { PublicOnly, RequireAuth, RequirePlacementDone, RequirePlacementPending } from './route-guards';

// The login page is the first route of most visits and is bundled with the entry; the shell and
// every authenticated page are separate chunks, fetched once a session exists.
const load = {
  shell: () => import('./layout/shell-layout'),
  course: () => import('../features/elearning/course-page'),
  dashboard: () => import('../features/dashboard/dashboard-page'),
  group: () => import('../features/group/group-page'),
  module: () => import('../features/elearning/module-page'),
  notFound: () => import('../features/not-found/not-found-page'),
  placement: () => import('../features/placement/placement-page'),
  profile: () => import('../features/profile/profile-page'),
  resources: () => import('../features/elearning/resources-page'),
  results: () => import('../features/elearning/results-page'),
};
const ShellLayout = lazy(load.shell);
const CoursePage = lazy(load.course);
const DashboardPage = lazy(load.dashboard);
const GroupPage = lazy(load.group);
const ModulePage = lazy(load.module);
const NotFoundPage = lazy(load.notFound);
const PlacementPage = lazy(load.placement);
const ProfilePage = lazy(load.profile);
const ResourcesPage = lazy(load.resources);
const ResultsPage = lazy(load.results);

/** The chunk of the page at a path (null for the login page, which is in the entry). */
function pageLoader(pathname: string): (() => Promise<unknown>) | null {
  if (pathname === '/') return null;
  if (pathname.startsWith('/elearning/course/')) return load.module;
  const byPath: Record<string, () => Promise<unknown>> = {
    '/dashboard': load.dashboard,
    '/test': load.placement,
    '/profile': load.profile,
    '/group': load.group,
    '/elearning/course': load.course,
    '/elearning/results': load.results,
    '/elearning/resources': load.resources,
  };
  return byPath[pathname] ?? load.notFound;
}

/**
 * A signed-in visit asks for the shell and the page's chunk at once, at start-up, instead of one
 * after the other as each lazy component renders: on a slow phone link every step of that chain
 * is a round trip before the first card can show.
 */
export function preloadRouteChunks(pathname: string): void {
  if (!isLoggedIn()) return;
  const page = pageLoader(pathname);
  void load.shell();
  // The guard may send a learner elsewhere (/test, /dashboard): a wasted fetch, never an error.
  void page?.().catch(() => undefined);
}

function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<LazyFallback />}>
      <Component />
    </Suspense>
  );
}

/**
 * Screens of SPEC §2 that are not built yet. They show the shell with the honest "not found" page
 * until their issue gives them an element of their own.
 */
const upcomingPaths = [
  '/glossary',
  '/elearning/exam',
  '/evaluo/*',
  '/learning-links/*',
  '/videos/*',
  '/webinaire',
  '/help',
];

/**
 * The routes of SPEC §2. Declarative routes (rather than a data router) keep the first route
 * light; the screens load their own data with React Query.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicOnly />}>
        <Route path="/" element={<LandingPage />} />
      </Route>
      {/* Everything else needs a session (SPEC §2 "Authenticated: everything else"). */}
      <Route element={<RequireAuth />}>
        <Route element={page(ShellLayout)}>
          {/* SPEC §2: /test only while the placement test is required… */}
          <Route element={<RequirePlacementPending />}>
            <Route path="/test" element={page(PlacementPage)} />
          </Route>
          {/* …and every other page only once it is not. */}
          <Route element={<RequirePlacementDone />}>
            <Route path="/dashboard" element={page(DashboardPage)} />
            <Route path="/profile" element={page(ProfilePage)} />
            <Route path="/group" element={page(GroupPage)} />
            <Route path="/elearning/course" element={page(CoursePage)} />
            <Route path="/elearning/course/:module" element={page(ModulePage)} />
            <Route path="/elearning/results" element={page(ResultsPage)} />
            <Route path="/elearning/resources" element={page(ResourcesPage)} />
            {upcomingPaths.map((path) => (
              <Route key={path} path={path} element={page(NotFoundPage)} />
            ))}
            <Route path="*" element={page(NotFoundPage)} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
