import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { LazyFallback } from '../components/lazy-fallback';
import LandingPage from '../features/auth/landing-page';
import { PublicOnly, RequireAuth, RequirePlacementDone, RequirePlacementPending } from './route-guards';

// The login page is the first route of most visits and is bundled with the entry; the shell and
// every authenticated page are separate chunks, fetched once a session exists.
const ShellLayout = lazy(() => import('./layout/shell-layout'));
const CoursePage = lazy(() => import('../features/elearning/course-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const GroupPage = lazy(() => import('../features/group/group-page'));
const ModulePage = lazy(() => import('../features/elearning/module-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));
const PlacementPage = lazy(() => import('../features/placement/placement-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const ResourcesPage = lazy(() => import('../features/elearning/resources-page'));
const ResultsPage = lazy(() => import('../features/elearning/results-page'));

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
