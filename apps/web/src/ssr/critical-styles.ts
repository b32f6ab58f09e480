// The styles of a first screen drawn by the server (decision 0017): emotion's, serialised once per
// theme for the life of the process and extracted per page for the markup it uses.
import createCache, { type EmotionCache } from '@emotion/cache';
import type { ColorMode } from '../app/theme';
import { FIRST_SCREEN_ID } from '../lib/first-screen';

/**
 * Without a theme cookie a screen is drawn light; the page follows the system's preference, and so
 * does this: on a dark system it stays hidden (the app, which reads the same preference, removes
 * it) rather than flash light.
 */
const FIRST_SCREEN_CSS = `@media (prefers-color-scheme: dark){html:not([data-theme]) #${FIRST_SCREEN_ID}{display:none}}`;

/**
 * One emotion cache per theme for the life of the process: a style is serialised once, and every
 * later page only looks up which of them its markup uses (what @emotion/server's extractCritical
 * does). `compat` keeps the styles out of the markup, in the cache, to be extracted.
 */
const caches = new Map<ColorMode, EmotionCache>();
export function cacheFor(theme: ColorMode): EmotionCache {
  let cache = caches.get(theme);
  if (!cache) {
    cache = createCache({ key: 'css' });
    cache.compat = true;
    caches.set(theme, cache);
  }
  return cache;
}

/**
 * The styles the markup uses as emotion's SSR elements, and the global ones (the baseline) each in
 * its own `css-global` element, ahead of them; `extra` is plain CSS of the screen's own (outside
 * emotion: the browser's cache never reads it).
 */
export function criticalStyles(cache: EmotionCache, html: string, extra = ''): string {
  const used = new Set<string>();
  for (const match of html.matchAll(/\bcss-([a-zA-Z0-9-_]+)/g)) used.add(match[1]!);
  const ids: string[] = [];
  let css = '';
  let globals = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (cache.registered[`css-${id}`] === undefined) {
      // The app's global styles of the same theme take these elements over (and empty them when
      // the theme changes); those of another theme (a screen the app removes) are inserted after
      // them, and win: never the server's light baseline under a dark app.
      globals += `<style data-emotion="css-global ${id}">${rules}</style>`;
      continue;
    }
    if (!used.has(id)) continue;
    ids.push(id);
    css += rules;
  }
  // The emotion cache of the browser reads these back (data-emotion="css …") and inserts none again.
  return `${globals}<style data-emotion="css ${ids.join(' ')}">${css}</style><style>${FIRST_SCREEN_CSS}${extra}</style>`;
}
