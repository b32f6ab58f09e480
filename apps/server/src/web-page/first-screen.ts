import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { StartupData } from './startup-data.js';

/**
 * The dashboard's first cards drawn on the server (issue 10, decision 0017): the web app's own
 * components, rendered by its SSR build (apps/web/src/ssr/dashboard-first-screen.tsx, built into
 * dist/server/ beside the app, never served) with the answers the page already carries. Optional:
 * without the module, or when it fails, the page is the outline alone, as before.
 */
export const FIRST_SCREEN_MODULE = 'server/dashboard-first-screen.js';

export interface FirstScreen {
  /** The element for #root, before the outline (whose bar and menu are fixed above it). */
  html: string;
  /** Its critical styles, <style> elements for the <head>. */
  styles: string;
}

export type RenderFirstScreen = (
  data: StartupData,
  options: { theme: 'light' | 'dark'; greetingRandom: number },
) => Promise<FirstScreen | null>;

interface FirstScreenModule {
  renderDashboardFirstScreen?: RenderFirstScreen;
}

/**
 * The renderer of a build, loaded once in the background as the server starts (a 2.5 MB module:
 * no page waits for it but the first ones); undefined while loading, or when absent or broken.
 */
export function loadFirstScreenRenderer(
  webDist: string,
  log: FastifyBaseLogger,
): () => RenderFirstScreen | undefined {
  const file = path.join(webDist, FIRST_SCREEN_MODULE);
  if (!fs.existsSync(file)) return () => undefined;
  let renderer: RenderFirstScreen | undefined;
  import(pathToFileURL(file).href).then(
    (module: FirstScreenModule) => {
      if (typeof module.renderDashboardFirstScreen === 'function')
        renderer = module.renderDashboardFirstScreen;
      else log.warn({ file }, 'the first-screen module exports no renderDashboardFirstScreen');
    },
    (error: unknown) => log.warn({ err: error, file }, 'the first-screen module could not be loaded'),
  );
  return () => renderer;
}

/** The first cards for this visit, or undefined (no renderer, nothing to draw, or a failure). */
export async function firstScreenOf(
  render: RenderFirstScreen | undefined,
  data: StartupData,
  theme: 'light' | 'dark' | undefined,
  log: FastifyBaseLogger,
): Promise<FirstScreen | undefined> {
  if (!render) return undefined;
  try {
    const screen = await render(data, { theme: theme ?? 'light', greetingRandom: Math.random() });
    return screen && typeof screen.html === 'string' && typeof screen.styles === 'string'
      ? screen
      : undefined;
  } catch (error) {
    log.warn({ err: error }, 'the dashboard first screen could not be drawn; the outline only');
    return undefined;
  }
}
