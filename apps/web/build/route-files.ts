import path from 'node:path';
import type { Plugin } from 'vite';
import { NOT_FOUND_MODULE, pagePaths, SHELL_MODULE } from '../src/app/page-paths.ts';

/** What the server reads (apps/server/src/web-page/route-files.ts). */
export interface RouteFiles {
  /** The shell's files, besides the entry's: every signed-in page needs them. */
  shell: string[];
  /** Each page path (a prefix when it ends with '/') and its page's own files. */
  routes: { path: string; files: string[] }[];
  /** The not-found page's files, for any other path. */
  fallback: string[];
}

interface Chunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

/**
 * Writes dist/route-files.json: for each signed-in path, the JavaScript files its page needs that
 * the entry does not already import (index.html names those). The server puts them in the page's
 * <head> as modulepreload links, so a phone fetches them beside the entry instead of one round
 * trip after it (issue 10).
 */
export function routeFiles(webSrc: string): Plugin {
  return {
    name: 'medenglish-route-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (c): c is Chunk & (typeof bundle)[string] => c.type === 'chunk',
      );
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, seen = new Set<string>()) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, seen);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('route-files: no entry chunk');
      const entryFiles = closure(entry.fileName);
      const filesOf = (module: string): string[] => {
        const id = path.join(webSrc, `${module}.tsx`);
        // The chunk a dynamic import of the module loads: its facade if it has one, else the
        // chunk that holds it (build/chunk-groups.ts puts pages in chunks of their own).
        const chunk =
          chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) throw new Error(`route-files: no chunk holds ${module}`);
        return [...closure(chunk.fileName)].filter((f) => !entryFiles.has(f)).map((f) => `/${f}`);
      };
      const result: RouteFiles = {
        shell: filesOf(SHELL_MODULE),
        routes: pagePaths.map((p) => ({ path: p.path, files: filesOf(p.module) })),
        fallback: filesOf(NOT_FOUND_MODULE),
      };
      this.emitFile({ type: 'asset', fileName: 'route-files.json', source: JSON.stringify(result, null, 1) });
    },
  };
}
