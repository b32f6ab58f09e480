/**
 * Which page module each signed-in path loads, as paths under src/ without extension. One table
 * for two readers: the router (which chunk to ask for at start-up) and the build
 * (build/route-files.ts writes, for each path, the files that page needs, so the server can name
 * them in the page's <head> and the browser fetch them beside the entry instead of after it).
 */
export const SHELL_MODULE = 'app/layout/shell-layout';
export const NOT_FOUND_MODULE = 'features/not-found/not-found-page';

export interface PagePath {
  /** A path, or a prefix when it ends with '/' (matched by matchPagePath of the shared rules). */
  path: string;
  module: string;
}

export const pagePaths: readonly PagePath[] = [
  { path: '/dashboard', module: 'features/dashboard/dashboard-page' },
  { path: '/test', module: 'features/placement/placement-page' },
  { path: '/profile', module: 'features/profile/profile-page' },
  { path: '/group', module: 'features/group/group-page' },
  { path: '/elearning/course', module: 'features/elearning/course-page' },
  { path: '/elearning/course/', module: 'features/elearning/module-page' },
  { path: '/elearning/results', module: 'features/elearning/results-page' },
  { path: '/elearning/resources', module: 'features/elearning/resources-page' },
  { path: '/elearning/exam', module: 'features/exam/exam-page' },
  { path: '/evaluo', module: 'features/evaluo/evaluo-page' },
  { path: '/glossary', module: 'features/glossary/glossary-page' },
  { path: '/videos', module: 'features/videos/videos-page' },
  { path: '/learning-links', module: 'features/learning-links/learning-links-page' },
  { path: '/learning-links/', module: 'features/learning-links/learning-links-page' },
  { path: '/help', module: 'features/help/help-page' },
  { path: '/webinaire', module: 'features/webinars/webinar-page' },
];
