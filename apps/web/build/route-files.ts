import path from 'node:path';
import type { Plugin } from 'vite';
import { NOT_FOUND_MODULE, pagePaths, SHELL_MODULE } from '../src/app/page-paths.ts';
import { BOOT_STAGES } from './boot-stages.ts';

/** What the server reads (apps/server/src/web-page/route-files.ts). */
export interface RouteFiles {
  /** The boot stages' files, besides the entry's (build/boot-stages.ts): index.html names them too. */
  boot: string[];
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

type Bundle = Record<string, { type: string }>;

/** The entry's files and those of the boot stages, which every visit loads. */
function firstRouteFiles(bundle: Bundle, webSrc: string) {
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
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
  /** The chunk a dynamic import of the module loads: its facade if it has one, else the chunk that holds it. */
  const chunkOf = (id: string) => {
    const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`route-files: no chunk holds ${id}`);
    return chunk;
  };
  const boot: string[] = [];
  for (const stage of BOOT_STAGES)
    for (const file of closure(chunkOf(path.join(webSrc, stage)).fileName))
      if (!entryFiles.has(file) && !boot.includes(file)) boot.push(file);
  return { closure, chunkOf, boot, loaded: new Set([...entryFiles, ...boot]) };
}

/**
 * Writes dist/route-files.json: for each signed-in path, the JavaScript files its page needs that
 * the first route does not already load (index.html names those). The server puts them in the
 * page's <head> as modulepreload links, so a phone fetches them beside the entry instead of one
 * round trip after it (issue 10). The boot stages' files are named in index.html beside the entry's
 * own imports, for the same reason.
 */
export function routeFiles(webSrc: string): Plugin {
  return {
    name: 'medenglish-route-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        return firstRouteFiles(ctx.bundle as Bundle, webSrc).boot.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
    generateBundle(_options, bundle) {
      const { closure, chunkOf, loaded, boot } = firstRouteFiles(bundle as Bundle, webSrc);
      const filesOf = (module: string): string[] =>
        [...closure(chunkOf(path.join(webSrc, `${module}.tsx`)).fileName)]
          .filter((f) => !loaded.has(f))
          .map((f) => `/${f}`);
      const result: RouteFiles = {
        boot: boot.map((f) => `/${f}`),
        shell: filesOf(SHELL_MODULE),
        routes: pagePaths.map((p) => ({ path: p.path, files: filesOf(p.module) })),
        fallback: filesOf(NOT_FOUND_MODULE),
      };
      this.emitFile({ type: 'asset', fileName: 'route-files.json', source: JSON.stringify(result, null, 1) });
    },
  };
}
