import fs from 'node:fs';
import path from 'node:path';
import { matchPagePath } from '@medenglish/shared';

/** dist/route-files.json, written by the web build (apps/web/build/route-files.ts). */
interface RouteFilesJson {
  shell: string[];
  routes: { path: string; files: string[] }[];
  fallback: string[];
}

/**
 * The JavaScript files a signed-in page needs beyond the entry's, by path: the shell's and the
 * page's, matched with the same rule as the web router. Empty when the build wrote no list.
 */
export function loadRouteFiles(webDist: string): (pathname: string) => string[] {
  const file = path.join(webDist, 'route-files.json');
  if (!fs.existsSync(file)) return () => [];
  const table = JSON.parse(fs.readFileSync(file, 'utf8')) as RouteFilesJson;
  return (pathname) => {
    const page = matchPagePath(table.routes, pathname)?.files ?? table.fallback;
    return [...new Set([...table.shell, ...page])];
  };
}
