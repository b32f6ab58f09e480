import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchPagePath } from '@medenglish/shared';
import { isLoggedIn } from '../lib/session';
import { NOT_FOUND_MODULE, pagePaths, SHELL_MODULE } from './page-paths';

// The login page is the first route of most visits and is bundled with the entry; the shell and
// every authenticated page are separate chunks, fetched once a session exists. Keyed by the page
// modules of page-paths.ts, which the build also reads.
/** A page module: its screen and, optionally, the reads to start as soon as its chunk arrives. */
export interface PageModule {
  default: ComponentType;
  prefetch?: (queryClient: QueryClient) => void;
}

export const load: Record<string, () => Promise<PageModule>> = {
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
export const loaded = new Map<string, PageModule>();

export function loadPage(module: string): Promise<PageModule> {
  return load[module]!().then((page) => {
    loaded.set(module, page);
    return page;
  });
}

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
