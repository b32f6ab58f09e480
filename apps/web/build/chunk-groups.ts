import path from 'node:path';
import { BOOT_STAGES } from './boot-stages.ts';

/**
 * How the build groups the signed-in screens' modules into files (rolldown `codeSplitting`). Left
 * to itself the bundler cut them into 27 slivers beside the first route's ten: on a phone's
 * HTTP/1.1 link (six connections, a round trip per file) that chain cost about a second before the
 * dashboard could draw (issue 10, Lighthouse). Instead, every module the first route does not load
 * goes to exactly one file:
 * - `shell-layout`: the signed-in shell and everything it needs (MUI's drawer, menus, badge…);
 * - one file per page (`dashboard-page`, `module-page`…) with everything only that page needs (the
 *   bundler's own choice, unplanned);
 * - `signed-in-shared`: what two or more pages need, the dashboard among them, and the shell does not;
 * - `learning-shared`: what two or more other pages need (the question screens of the placement
 *   test, exams and units; the video player…): the dashboard, where most visits land, does not
 *   download or evaluate it.
 * So a signed-in visit fetches the first route's files, the shell and its page, and one or two
 * shared files.
 * The first route (login) is left as the bundler cuts it; scripts/bundle-report.mjs checks its
 * budget. The lazy public steps (sign-up, forgot password) are left as they were too.
 */

interface ModuleInfo {
  importedIds: string[];
  dynamicallyImportedIds: string[];
}
interface ChunkingContext {
  getModuleInfo(id: string): ModuleInfo | null;
}

/** The page a signed-in visit opens first (SPEC §2: after login, /dashboard). */
const LANDING_PAGE = 'dashboard-page';

export function signedInChunking(webSrc: string) {
  const entry = path.join(webSrc, 'main.tsx');
  const routeModules = path.join(webSrc, 'app/route-modules.ts');
  const bootStages = BOOT_STAGES.map((stage) => path.join(webSrc, stage));
  const shell = path.join(webSrc, 'app/layout/shell-layout.tsx');
  let plan: Map<string, string> | null = null;

  /** A module and everything it imports statically, transitively. */
  function reach(ctx: ChunkingContext, from: string): Set<string> {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) stack.push(imported);
    }
    return seen;
  }

  /** Module id → the file it goes to; modules absent are left to the bundler. */
  function planFor(ctx: ChunkingContext): Map<string, string> {
    if (plan) return plan;
    plan = new Map();
    // The entry is left as the bundler cuts it. Each boot stage (imported one after the other by
    // main.tsx, every visit) is one file with all it needs beyond the stages before it: left to
    // the bundler, the modules the app shares with the lazy public steps and pages were cut into
    // some thirty files, a request each before the login page could render.
    const firstRoute = reach(ctx, entry);
    for (const stage of bootStages) {
      const name = `boot-${path.basename(stage).replace(/\.[jt]sx?$/, '')}`;
      for (const id of reach(ctx, stage)) {
        if (firstRoute.has(id)) continue;
        plan.set(id, name);
        firstRoute.add(id);
      }
    }
    const shellModules = reach(ctx, shell);
    for (const id of shellModules) if (!firstRoute.has(id)) plan.set(id, 'shell-layout');
    // The pages: the lazy imports of route-modules.ts other than the shell.
    const pages = (ctx.getModuleInfo(routeModules)?.dynamicallyImportedIds ?? []).filter(
      (id) => id !== shell,
    );
    const owners = new Map<string, string[]>();
    for (const page of pages) {
      const name = path.basename(page).replace(/\.[jt]sx?$/, '');
      for (const id of reach(ctx, page)) {
        if (firstRoute.has(id) || shellModules.has(id)) continue;
        owners.set(id, [...(owners.get(id) ?? []), name]);
      }
    }
    // A module of one page only is left to the bundler, which puts it in that page's own file: a
    // group named after the page made a second file (the page's entry re-exporting the group), one
    // more round trip before the page could draw.
    for (const [id, names] of owners)
      if (names.length > 1)
        plan.set(id, names.includes(LANDING_PAGE) ? 'signed-in-shared' : 'learning-shared');
    return plan;
  }

  return {
    // A grouped module's own imports stay where the plan puts them: pulling them in would drag
    // React and MUI's core out of the first route's files into these lazy ones.
    includeDependenciesRecursively: false,
    groups: [{ name: (id: string, ctx: ChunkingContext) => planFor(ctx).get(id) ?? null }],
  };
}
