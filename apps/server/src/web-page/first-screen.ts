import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicData } from './page-html.js';
import type { StartupData } from './startup-data.js';

/**
 * First screens drawn on the server (issue 10, decision 0017): the dashboard's first cards and the
 * login card, the web app's own components rendered by its SSR build (apps/web/src/ssr/
 * first-screens.ts, built into dist/server/ beside the app, never served) from the data the page
 * already carries. Optional: without the module, or when it fails, the page is as before.
 */
export const FIRST_SCREEN_MODULE = 'server/first-screens.js';

export interface FirstScreen {
  /** The element for #root, before the outline (whose bar and menu are fixed above it). */
  html: string;
  /** Its critical styles, <style> elements for the <head>. */
  styles: string;
}

export type Theme = 'light' | 'dark';

export type RenderFirstScreen = (
  data: StartupData,
  options: { theme: Theme; greetingRandom: number },
) => Promise<FirstScreen | null>;

export type RenderLoginScreen = (
  data: PublicData,
  options: { theme: Theme; language: string | undefined },
) => FirstScreen | null;

/** The renderers of a build; either may be missing (an older build, a broken module). */
export interface FirstScreenRenderers {
  dashboard?: RenderFirstScreen;
  login?: RenderLoginScreen;
}

interface FirstScreenModule {
  renderDashboardFirstScreen?: RenderFirstScreen;
  renderLoginFirstScreen?: RenderLoginScreen;
}

/**
 * The renderers of a build, loaded once in the background as the server starts (a 2.5 MB module:
 * no page waits for it but the first ones); none while loading, or when absent or broken.
 */
export function loadFirstScreenRenderers(
  webDist: string,
  log: FastifyBaseLogger,
): () => FirstScreenRenderers {
  const file = path.join(webDist, FIRST_SCREEN_MODULE);
  let renderers: FirstScreenRenderers = {};
  if (!fs.existsSync(file)) return () => renderers;
  import(pathToFileURL(file).href).then(
    (module: FirstScreenModule) => {
      const { renderDashboardFirstScreen: dashboard, renderLoginFirstScreen: login } = module;
      renderers = {
        ...(typeof dashboard === 'function' ? { dashboard } : {}),
        ...(typeof login === 'function' ? { login } : {}),
      };
      if (!renderers.dashboard || !renderers.login)
        log.warn({ file }, 'the first-screen module lacks a renderer: those pages are drawn by the app');
    },
    (error: unknown) => log.warn({ err: error, file }, 'the first-screen module could not be loaded'),
  );
  return () => renderers;
}

const isScreen = (screen: FirstScreen | null | undefined): screen is FirstScreen =>
  Boolean(screen) && typeof screen?.html === 'string' && typeof screen.styles === 'string';

/** The dashboard's first cards for this visit, or undefined (no renderer, nothing to draw, or a failure). */
export async function firstScreenOf(
  render: RenderFirstScreen | undefined,
  data: StartupData,
  theme: Theme | undefined,
  log: FastifyBaseLogger,
): Promise<FirstScreen | undefined> {
  if (!render) return undefined;
  try {
    const screen = await render(data, { theme: theme ?? 'light', greetingRandom: Math.random() });
    return isScreen(screen) ? screen : undefined;
  } catch (error) {
    log.warn({ err: error }, 'the dashboard first screen could not be drawn; the outline only');
    return undefined;
  }
}

/** The login card for this visit, or undefined (no renderer, nothing to draw, or a failure). */
export function loginScreenOf(
  render: RenderLoginScreen | undefined,
  data: PublicData,
  options: { theme: Theme | undefined; language: string | undefined },
  log: FastifyBaseLogger,
): FirstScreen | undefined {
  if (!render) return undefined;
  try {
    const screen = render(data, { theme: options.theme ?? 'light', language: options.language });
    return isScreen(screen) ? screen : undefined;
  } catch (error) {
    log.warn({ err: error }, 'the login card could not be drawn; the app draws it');
    return undefined;
  }
}
